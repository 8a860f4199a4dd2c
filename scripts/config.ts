/**
 * `npm run config -- check FILE`: checks an institution's configuration file as every entry point
 * will (the schema, what a schema cannot say, the form model built from it) and prints each
 * problem with its path and line and what to write instead; exit 1 when there is any.
 */
import { establishInstitution } from '#config/establish';
import { chosenInstitutionFile, shownPath } from '#config/load';
import { InstitutionConfigError } from '#config/problems';

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
  process.stdout.write(
    `${shownPath(file)} is ready: ${identity.name} (${identity.abbreviation}), ${application.majors.length} majors, terms ${application.entryTerms.terms.map((t) => t.label).join(', ')}.\n`,
  );
} catch (error) {
  if (!(error instanceof InstitutionConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
