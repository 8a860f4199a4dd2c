/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy` (see docs/deploy.md). Parameters come from
 * context (`-c domainName=...`); account and region from the CLI's credentials when present,
 * otherwise the stack is environment-agnostic, so synth needs no credentials at all.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readSettings } from '#cdk/settings';
import { AdmissionsStack } from '#cdk/stack';

const app = new App();
const settings = readSettings((key) => app.node.tryGetContext(key));
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
