/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy` (see docs/deploy.md). Parameters come from
 * context (`-c domainName=...`); account and region from the CLI's credentials when present,
 * otherwise the stack is environment-agnostic, so synth needs no credentials at all.
 *
 * The institution's configuration file (`-c institution=FILE` or INSTITUTION_CONFIG) is loaded
 * and checked first, and installed before the stack's modules load (they read it, and every
 * function bundles it): a file with problems stops the synth naming them, as npm start does.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readSettings } from '#cdk/settings';
import { establishOrExit } from '#config/establish';
import { chosenInstitutionFile } from '#config/load';
import { webBuildMismatch } from '#config/web-build';

const app = new App();
const settings = readSettings((key) => app.node.tryGetContext(key));
const institution = await establishOrExit(chosenInstitutionFile(settings.institution ?? process.env.INSTITUTION_CONFIG));

// The web build published is the one made for this file: a site of one institution and functions of another is refused.
const mismatch = webBuildMismatch(settings.webBuildDir, institution);
if (mismatch) {
  process.stderr.write(`\n${mismatch}\n\n`);
  process.exit(1);
}

const { AdmissionsStack } = await import('#cdk/stack');
new AdmissionsStack(app, (app.node.tryGetContext('stackName') as string | undefined) ?? 'Admissions', {
  settings,
  description: 'Admissions application platform (SPA, HTTP API, Cognito, DynamoDB, S3, PDF rendering)',
  env:
    process.env.CDK_DEFAULT_ACCOUNT && process.env.CDK_DEFAULT_REGION
      ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION }
      : undefined,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
