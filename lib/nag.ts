/**
 * Every cdk-nag (AwsSolutions) finding we accept, with its reason, in one place. Each is scoped
 * to the narrowest construct that carries it; cdk-nag 3 needs each IAM5 finding acknowledged by
 * its exact text, so those ids are computed from the resources they name.
 */
import { Names, Stack, Token, Validations, type Acknowledgment } from 'aws-cdk-lib';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import type { Api } from './api';
import type { Auth } from './auth';
import type { Cycles } from './cycles';
import type { Documents } from './documents';
import type { EdgeLogs } from './edge-logs';
import type { Mail } from './mail';
import type { MailFeedback } from './mail-feedback';
import type { Messages } from './messages';
import type { Recommendations } from './recommendations';
import type { Releases } from './releases';
import type { Renderer } from './renderer';
import type { Retention } from './retention';
import type { Sis } from './sis';
import type { Site } from './site';
import type { Staff } from './staff';

/** The parts of the application's stack (lib/stack.ts, which calls this) that carry accepted findings. */
interface Parts {
  readonly api: Api;
  readonly auth: Auth;
  readonly documents: Documents;
  readonly renderer: Renderer;
  readonly mail: Mail;
  readonly site: Site;
  readonly staff: Staff;
  readonly recommendations: Recommendations;
  readonly releases: Releases;
  readonly messages: Messages;
  readonly mailFeedback: MailFeedback;
  readonly retention: Retention;
  readonly cycles: Cycles;
  readonly sis: Sis;
  readonly edgeLogs?: EdgeLogs;
}

const rule = (id: string, reason: string): Acknowledgment => ({ id: `AwsSolutions::AwsSolutions-${id}`, reason });

/** The finding text cdk-nag gives `<bucket ARN>/*`, in the bucket's own stack. */
function objectsOf(bucket: s3.IBucket): string {
  return `Resource::<${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as never)}.Arn>/*`;
}

/** The same in a nested stack, where the ARN arrives as the parameter CDK names after the bucket. */
function objectsOfReferenced(bucket: s3.IBucket): string {
  return `Resource::<referenceto${Names.uniqueId(bucket.node.defaultChild as never)}Arn>/*`;
}

const BASIC_EXECUTION_ROLE = 'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';

/** CDK's own singleton Lambdas (bucket notifications, bucket deployment): their code and roles are CDK's. */
function cdkProviders(stack: Stack, idPrefix: string): IConstruct[] {
  return stack.node.children.filter((c) => c.node.id.startsWith(idPrefix));
}

export function acknowledgeFindings(stack: Stack & Parts): void {
  const { api, auth, documents, renderer, mail, site, staff, recommendations, releases, messages, mailFeedback, retention, cycles, sis } = stack;
  const settings = { customDomain: site.customDomain, webAcl: Boolean(site.webAclArn) };

  Validations.of(auth.userPool).acknowledge(
    rule('COG2', 'The applicant sign-in has no MFA step in sign-in or sign-up; applicants sign in a handful of times with e-mail-verified accounts.'),
    rule(
      'COG8',
      'Threat protection needs the Plus plan ($0.02 per monthly user). Brute force is bounded by Cognito rate limits and API throttling; enable Plus per institution policy if needed.',
    ),
  );

  Validations.of(sis.userPool).acknowledge(
    rule(
      'COG8',
      'The machine pool has no users, only app clients (client credentials): threat protection (the Plus plan) watches user sign-ins, of which it has none.',
    ),
  );

  // The one route with no authorizer: the SIS API's public documentation (docs/decisions.md).
  const openApiRoute = api.routeStacks.get('SisApi')?.node.tryFindChild('RouteSisOpenApiRoute');
  if (openApiRoute)
    Validations.of(openApiRoute).acknowledge(
      rule(
        'APIG4',
        "GET /sis/v1/openapi.json is the API's public documentation (the committed document, generated from the routes): it reads nothing and is read by vendors from the API's own host name, so no authorizer admits or refuses it.",
      ),
    );

  Validations.of(api.originVerify.secret).acknowledge(
    rule(
      'SMG4',
      'The origin secret is resolved into CloudFront and the authorizer at deploy, so a rotation must redeploy; rotate by changing the value and deploying (lib/origin-verify.ts, docs/security.md).',
    ),
  );

  Validations.of(site.distribution).acknowledge(
    rule(
      'CFR3',
      stack.edgeLogs
        ? 'Standard logging (legacy), which this rule reads, writes query strings and referrers carrying access tokens and reset codes; the distribution logs through standard logging (v2) without them (lib/edge-logs.ts).'
        : 'Standard logging (legacy) writes query strings and referrers, which carry access tokens and reset codes; logging without them (v2) exists only in us-east-1, where the stack sets it up (lib/edge-logs.ts).',
    ),
  );
  Validations.of(site.distribution).acknowledge(rule('CFR1', 'Applicants apply from any country; no geographic restriction is wanted.'));
  if (!settings.webAcl) {
    Validations.of(site.distribution).acknowledge(
      rule('CFR2', 'No web ACL given (context webAclArn): WAF costs from $5/month plus per-rule fees, left to the institution; API throttling still applies.'),
    );
  }
  if (!settings.customDomain) {
    Validations.of(site.distribution).acknowledge(
      rule(
        'CFR4',
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be set; with domainName and certificateArn the minimum is TLSv1.2_2021.',
      ),
    );
  }

  for (const queue of [documents.deadLetters, renderer.deadLetters, staff.deadLetters, mail.deadLetters, mailFeedback.deadLetters]) {
    Validations.of(queue).acknowledge(
      rule('SQS3', 'This queue is itself a dead-letter queue (a Lambda on-failure destination), alarmed when it holds a message.'),
    );
  }
  Validations.of(releases.deadLetters).acknowledge(
    rule('SQS3', "This queue is itself a dead-letter queue (the release Lambda's on-failure destination), alarmed when it holds a message."),
  );
  Validations.of(cycles.deadLetters).acknowledge(
    rule('SQS3', "This queue is itself a dead-letter queue (the offers sweep's on-failure destination), alarmed when it holds a message."),
  );
  Validations.of(messages.tickDeadLetters).acknowledge(
    rule('SQS3', "This queue is itself a dead-letter queue (the mailing tick's rule target), alarmed when it holds a message."),
  );
  Validations.of(messages.reminderDeadLetters).acknowledge(
    rule('SQS3', "This queue is itself a dead-letter queue (the reminders sweep's on-failure destination), alarmed when it holds a message."),
  );
  for (const queue of [recommendations.deadLetters, retention.deadLetters]) {
    Validations.of(queue).acknowledge(rule('SQS3', "This queue is itself a dead-letter queue (a daily sweep rule's target), alarmed when it holds a message."));
  }

  // Object-level grants: applicants' keys are per-user and unknown at deploy time, so the
  // resource is the bucket's objects; the actions are listed one by one (lib/bindings.ts).
  const why = 'Object actions (listed explicitly) on this one bucket; object keys are per applicant and created at run time.';
  const objectGrants = (bucket: s3.IBucket) => [rule(`IAM5[${objectsOf(bucket)}]`, why), rule(`IAM5[${objectsOfReferenced(bucket)}]`, why)];
  Validations.of(stack).acknowledge(...[documents.uploads, documents.documents, staff.exports].flatMap(objectGrants));

  // The release routes create and delete one schedule per release, named at run time, in the stack's own group.
  const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  const schedules = `Resource::arn:<AWS::Partition>:scheduler:${known(stack.region, 'Region')}:${known(stack.account, 'AccountId')}:schedule/<referenceto${Names.uniqueId(releases.group)}Ref>/*`;
  Validations.of(stack).acknowledge(
    rule(
      `IAM5[${schedules}]`,
      "CreateSchedule/DeleteSchedule on the schedules of the stack's one release schedule group; each release's schedule is named at run time.",
    ),
  );

  for (const provider of cdkProviders(stack, 'BucketNotificationsHandler')) {
    Validations.of(provider).acknowledge(
      rule(`IAM4[${BASIC_EXECUTION_ROLE}]`, 'CDK-provided handler that configures S3 notifications at deploy time; only logs.'),
    );
  }
  for (const provider of cdkProviders(stack, 'Custom::CDKBucketDeployment')) {
    const why =
      'CDK-provided BucketDeployment handler (runs at deploy time only), copying the web build from the CDK asset bucket to the site bucket and invalidating CloudFront';
    Validations.of(provider).acknowledge(
      rule(`IAM4[${BASIC_EXECUTION_ROLE}]`, `${why}; the managed policy only allows logging.`),
      rule('L1', `${why}; its runtime is chosen by the CDK release.`),
      ...['Action::s3:GetObject*', 'Action::s3:GetBucket*', 'Action::s3:List*', 'Action::s3:DeleteObject*', 'Action::s3:Abort*'].map((a) =>
        rule(`IAM5[${a}]`, `${why}; these are CDK's grantRead/grantReadWrite action sets on those two buckets.`),
      ),
      rule('IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]', `${why}; reads the bootstrap asset bucket.`),
      // The same bucket when synth knows the account and region.
      ...(Token.isUnresolved(stack.account) || Token.isUnresolved(stack.region)
        ? []
        : [
            rule(
              `IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${stack.account}-${stack.region}/*]`,
              `${why}; reads the bootstrap asset bucket.`,
            ),
          ]),
      rule(`IAM5[${objectsOf(site.bucket)}]`, `${why}; writes the site bucket's objects.`),
      rule('IAM5[Resource::*]', `${why}; cloudfront:CreateInvalidation/GetInvalidation do not support resource-level permissions.`),
    );
  }
}
