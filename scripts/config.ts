/**
 * `npm run config -- check FILE`: checks an institution's configuration file as every entry point
 * will (the schema, what a schema cannot say, the form model built from it) and prints each
 * problem with its path and line and what to write instead; exit 1 when there is any. Warnings (a
 * text without a value in one of the languages, which shows the institution's) are printed the
 * same way and leave the exit code 0.
 */
import { establishInstitution } from '#config/establish';
import { chosenInstitutionFile, shownPath } from '#config/load';
import { InstitutionConfigError, problemLine } from '#config/problems';

const USAGE = 'Usage: npm run config -- check FILE   (an institution file, e.g. institutions/example-state/institution.yaml)';

const [command, named, ...rest] = process.argv.slice(2);
if (command !== 'check' || rest.length > 0) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const file = chosenInstitutionFile(named ?? process.env.INSTITUTION_CONFIG);
try {
  const loaded = await establishInstitution(file);
  const { identity, application } = loaded.sections;
  // Warnings say what runs but is not done (a text missing a language); they leave the exit code 0.
  const count = loaded.warnings.length === 1 ? 'a warning' : `${loaded.warnings.length} warnings`;
  if (loaded.warnings.length > 0)
    process.stdout.write([`${shownPath(file)} has ${count}:`, ...loaded.warnings.map((w) => `  ${problemLine(shownPath(file), w)}`), ''].join('\n'));
  process.stdout.write(
    `${shownPath(file)} is ready: ${identity.name} (${identity.abbreviation}), ${application.majors.length} majors, terms ${application.entryTerms.terms.map((t) => t.label).join(', ')}.\n`,
  );
} catch (error) {
  if (!(error instanceof InstitutionConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
