/**
 * Makes a Node process the chosen institution: loads and checks the file (load.ts), puts its
 * sections on `globalThis.__INSTITUTION__` for the form's modules (form/institution*.ts read it
 * when they load, so this runs before any of them), then checks the file against the form model
 * built from it. Children of the process (the event runtime, a test's stack) get the same file
 * through INSTITUTION_CONFIG, made absolute here.
 */
import { chosenInstitutionFile, loadInstitution, problemsIn, shownPath, type LoadedInstitution } from './load';
import { InstitutionConfigError, refuseAndExit } from './problems';
import { installSections } from './sections';

let established: LoadedInstitution | undefined;

/**
 * The institution this process runs as: the one established, or (a test process, whose setup
 * installs the sections alone) the file INSTITUTION_CONFIG names, loaded again.
 */
export function establishedInstitution(): LoadedInstitution {
  established ??= loadInstitution();
  return established;
}

export async function establishInstitution(file: string = chosenInstitutionFile()): Promise<LoadedInstitution> {
  const loaded = loadInstitution(file);
  installSections(loaded.sections);
  established = loaded;
  const { modelFindings } = await import('./model-checks');
  const findings = modelFindings(loaded.sections);
  if (findings.length > 0) throw new InstitutionConfigError(shownPath(file), problemsIn(file, findings));
  process.env.INSTITUTION_CONFIG = file;
  return loaded;
}

export async function establishOrExit(file?: string): Promise<LoadedInstitution> {
  return establishInstitution(file).catch(refuseAndExit);
}
