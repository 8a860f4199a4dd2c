/**
 * The whole deployment as one stack, composed of constructs split by concern. Order matters
 * only for readability: the site's origin is passed to the others lazily, because the API
 * functions need the site URL and the site needs the API.
 */
import { Annotations, CfnOutput, Lazy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnPlaceIndex } from 'aws-cdk-lib/aws-location';
import type { Construct } from 'constructs';
import { timetable } from '#form/institution-cycles';
import type { Resource, RouteDef } from '#lambdas/routes';
import {
  AUDIT_TRAIL_INDEX,
  CHANGES_INDEX,
  IN_PROGRESS_INDEX,
  INVITATION_SITE_CAP_METRIC,
  MAILINGS_CAP_METRIC,
  NAME_INDEX,
  SCORE_INDEX,
  SUBMISSIONS_INDEX,
} from '#lambdas/routes';
import { AccessLogs } from './access-logs';
import { Api } from './api';
import { Auth } from './auth';
import {
  bucketBinding,
  functionBinding,
  identityBinding,
  indexBinding,
  lookupBinding,
  sisIdentityBinding,
  staffIdentityBinding,
  tableBinding,
  type Binding,
} from './bindings';
import { converterReservation, deriveLimits, rendererReservation } from './capacity';
import { Cycles } from './cycles';
import { Data } from './data';
import { Documents } from './documents';
import { EdgeLogs } from './edge-logs';
import { Mail } from './mail';
import { MailFeedback } from './mail-feedback';
import { Messages } from './messages';
import { Monitoring } from './monitoring';
import { acknowledgeFindings } from './nag';
import { ORIGIN_VERIFY_HEADER } from './origin-verify';
import { addressPlaces } from './places';
import { Recommendations } from './recommendations';
import { Releases } from './releases';
import { Renderer } from './renderer';
import { Retention } from './retention';
import { checkResourceBudget } from './route-stacks';
import type { Settings } from './settings';
import { bundleHandlersTogether } from './shared-bundles';
import { Sis } from './sis';
import { Site } from './site';
import { Staff } from './staff';
import { EdgeFirewall, wafPlacement } from './waf';

export interface AdmissionsStackProps extends StackProps {
  settings: Settings;
  /** The route rows to deploy: lambdas/routes.ts unless a test measures a larger table. */
  routes?: readonly RouteDef[];
}

export class AdmissionsStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly documents: Documents;
  readonly renderer: Renderer;
  readonly mail: Mail;
  readonly releases: Releases;
  readonly messages: Messages;
  readonly mailFeedback: MailFeedback;
  /** The daily sweep of recommenders' links (reminders, expiry). */
  readonly recommendations: Recommendations;
  /** The daily retention sweep (warnings, erasures past the institution's policy). */
  readonly retention: Retention;
  /** The daily expiry of offers nobody answered by their reply-by date (EventBridge Scheduler). */
  readonly cycles: Cycles;
  /** Amazon Location place index behind the address lookups, where the region offers one (lib/places.ts). */
  readonly places?: CfnPlaceIndex;
  readonly api: Api;
  readonly site: Site;
  readonly monitoring: Monitoring;
  readonly accessLogs: AccessLogs;
  /** The admissions office: staff pool, audit, exports, submission events. */
  readonly staff: Staff;
  readonly sis: Sis;
  /** The per-client rate limits this stack creates (absent with webAclArn or waf=off; lib/waf.ts). */
  readonly firewall?: EdgeFirewall;
  /** CloudFront's access logs without query strings, referrers or cookies (us-east-1 only; lib/edge-logs.ts). */
  readonly edgeLogs?: EdgeLogs;

  constructor(scope: Construct, id: string, props: AdmissionsStackProps) {
    super(scope, id, props);
    const { settings } = props;
    // Every route and event handler is a function of this stack: one esbuild run bundles them all.
    bundleHandlersTogether(settings.sourceRoot);
    let site: Site | undefined;
    const publicOrigin = Lazy.string({
      produce: () => {
        if (!site) throw new Error('the site must be created before synthesis');
        return site.origin;
      },
    });
    // What every function gets; AWS_REGION is set by Lambda itself.
    const environment = { APP_ENV: settings.appEnv, IDENTITY_PROVIDER: 'cognito', PUBLIC_ORIGIN: publicOrigin };

    const logs = new AccessLogs(this, 'AccessLogs');
    this.accessLogs = logs;
    this.monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: settings.alarmEmail });
    this.data = new Data(this, 'Data', { answersIndexes: settings.answersIndexes });
    this.auth = new Auth(this, 'Auth', {
      sourceRoot: settings.sourceRoot,
      environment,
      status: this.data.status,
      sesFromAddress: settings.sesFromAddress,
      sesRegion: settings.sesRegion,
      sesVerifiedDomain: settings.sesVerifiedDomain,
    });
    this.documents = new Documents(this, 'Documents', {
      sourceRoot: settings.sourceRoot,
      namePrefix: settings.namePrefix,
      environment,
      publicOrigin,
      data: this.data,
      logs: logs.bucket,
      monitoring: this.monitoring,
    });
    this.renderer = new Renderer(this, 'Renderer', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      documents: this.documents.documents,
      monitoring: this.monitoring,
    });

    this.staff = new Staff(this, 'Staff', {
      sourceRoot: settings.sourceRoot,
      environment,
      namePrefix: settings.namePrefix,
      logs: logs.bucket,
      monitoring: this.monitoring,
    });
    const events = functionBinding('events', this.staff.publisher);
    this.renderer.fn.bind(events, 'readwrite');
    this.mail = new Mail(this, 'Mail', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      monitoring: this.monitoring,
      fromAddress: settings.mailFromAddress,
    });

    this.recommendations = new Recommendations(this, 'Recommendations', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      mail: this.mail,
      monitoring: this.monitoring,
    });
    this.retention = new Retention(this, 'Retention', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      auth: this.auth,
      mail: this.mail,
      uploads: this.documents.uploads,
      documents: this.documents.documents,
      exports: this.staff.exports,
      events,
      monitoring: this.monitoring,
    });

    this.releases = new Releases(this, 'Releases', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      audit: this.staff.audit,
      mail: this.mail,
      events,
      renderer: this.renderer.fn,
      monitoring: this.monitoring,
    });

    this.cycles = new Cycles(this, 'Cycles', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      audit: this.staff.audit,
      mail: this.mail,
      events,
      renderer: this.renderer.fn,
      monitoring: this.monitoring,
      timeZone: timetable.timeZone,
    });

    this.messages = new Messages(this, 'Messages', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      mail: this.mail,
      monitoring: this.monitoring,
      audit: this.staff.audit,
      timeZone: timetable.timeZone,
    });
    this.mailFeedback = new MailFeedback(this, 'MailFeedback', {
      sourceRoot: settings.sourceRoot,
      environment,
      data: this.data,
      mail: this.mail,
      monitoring: this.monitoring,
    });

    this.sis = new Sis(this, 'Sis', { namePrefix: settings.namePrefix });
    const identity = identityBinding(this.auth.userPool, this.auth.client);
    const places = addressPlaces(this, settings.namePrefix, settings.addressLookup);
    this.places = places.index;
    const bindings: Record<Resource, Binding> = {
      answersTable: tableBinding('answersTable', this.data.answers),
      statusTable: tableBinding('statusTable', this.data.status),
      tabsTable: tableBinding('tabsTable', this.data.tabs),
      lookupData: lookupBinding(this.data.lookup, places),
      uploadsBucket: bucketBinding('uploadsBucket', this.documents.uploads),
      documentsBucket: bucketBinding('documentsBucket', this.documents.documents),
      identity,
      renderFunction: functionBinding('renderFunction', this.renderer.fn),
      staffIdentity: staffIdentityBinding(this.staff.userPool, this.staff.client),
      sisIdentity: sisIdentityBinding(this.sis.userPool, this.sis.tokenEndpoint),
      auditTable: tableBinding('auditTable', this.staff.audit),
      events,
      exportsBucket: bucketBinding('exportsBucket', this.staff.exports),
      submissionsIndex: indexBinding('submissionsIndex', this.data.answers, SUBMISSIONS_INDEX),
      changesIndex: indexBinding('changesIndex', this.data.answers, CHANGES_INDEX),
      nameIndex: indexBinding('nameIndex', this.data.answers, NAME_INDEX),
      scoreIndex: indexBinding('scoreIndex', this.data.answers, SCORE_INDEX),
      inProgressIndex: indexBinding('inProgressIndex', this.data.answers, IN_PROGRESS_INDEX),
      auditTrailIndex: indexBinding('auditTrailIndex', this.staff.audit, AUDIT_TRAIL_INDEX),
      confirmationFunction: functionBinding('confirmationFunction', this.mail.fn),
      // Built in this stack, as the renderer and mail functions are, so the API's nested stacks
      // take its name and ARN as parameters and nothing points back at them.
      retentionFunction: functionBinding('retentionFunction', this.retention.sweep),
      mail: this.mail.binding,
      releaseSchedule: this.releases.binding,
      mailingQueue: this.messages.binding,
    };
    // Throttles, the renderer's reserved concurrency and the capacity alarms follow the
    // deadline-day model (lib/capacity.ts, docs/capacity.md), whose inputs are CDK context.
    const limits = deriveLimits(settings.capacity);
    this.api = new Api(this, 'Api', {
      sourceRoot: settings.sourceRoot,
      environment,
      bindings,
      identity,
      limits,
      routes: props.routes,
    });
    const reservation = rendererReservation(settings.rendererReservedConcurrency, settings.capacity, settings.accountConcurrencyGiven, limits);
    (this.renderer.fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = reservation.reserved;
    Annotations.of(this.renderer).addInfo(reservation.message);
    const converter = this.documents.converter;
    const conversions = converterReservation(
      settings.converterReservedConcurrency,
      settings.capacity,
      settings.accountConcurrencyGiven,
      limits,
      reservation.reserved,
    );
    (converter.node.defaultChild as CfnFunction).reservedConcurrentExecutions = conversions.reserved;
    Annotations.of(converter).addInfo(conversions.message);
    this.monitoring.alarmOnThrottles(this, 'RenderThrottlesAlarm', this.renderer.fn, 'Application PDF');
    this.monitoring.alarmOnThrottles(this, 'ConvertThrottlesAlarm', converter, 'Document conversion');
    this.monitoring.alarmOnAccountConcurrency(this, 'AccountConcurrencyAlarm', limits.concurrencyAlarmAt);
    // Mailings: the office's daily cap turned one away (docs/decisions.md, "Messages to applicants").
    const mailing = this.api.functions.get('sendMailing');
    if (mailing) {
      this.monitoring.alarmOnLogMarker(
        this,
        'MailingsCapAlarm',
        mailing,
        MAILINGS_CAP_METRIC,
        'Mailings to applicants: the office’s daily cap was reached, so no mailing starts until midnight UTC (mail.mailingsPerDay)',
      );
    }
    // Recommendation invitations: the site-wide daily cap turned one away (docs/recommendations.md).
    const inviting = this.api.functions.get('inviteRecommender');
    if (inviting) {
      this.monitoring.alarmOnLogMarker(
        this,
        'InvitationCapAlarm',
        inviting,
        INVITATION_SITE_CAP_METRIC,
        'Recommendation invitations: the site-wide daily cap was reached, so none goes out until midnight UTC (docs/recommendations.md)',
      );
    }

    const waf = wafPlacement(settings.waf, settings.webAclArn, Token.isUnresolved(this.region) ? undefined : this.region);
    if (waf.kind === 'create') {
      this.firewall = new EdgeFirewall(this, 'Firewall');
      if (!waf.regionKnown) {
        Annotations.of(this).addWarningV2(
          'admissions:waf-region',
          'The region is not known at synth (no credentials), so the template creates a CLOUDFRONT web ACL, which AWS allows only in us-east-1: deploy elsewhere with -c webAclArn=<an ACL in us-east-1> or -c waf=off, or synth with credentials for the target region and the stack decides.',
        );
      }
    } else if (waf.kind === 'off') {
      Annotations.of(this).addInfo(
        'waf=off: no per-client rate limits at the edge; the API throttles (per API, not per client) and Cognito quotas are the only limits (docs/security.md).',
      );
    }
    const webAclArn = waf.kind === 'given' ? waf.arn : this.firewall?.webAcl.attrArn;

    site = new Site(this, 'Site', {
      webBuildDir: settings.webBuildDir,
      apiDomainName: this.api.domainName,
      apiOriginHeaders: { [ORIGIN_VERIFY_HEADER]: this.api.originVerify.headerValue },
      connectSources: [this.documents.uploadsOrigin],
      logs: logs.bucket,
      domainName: settings.domainName,
      certificateArn: settings.certificateArn,
      webAclArn,
    });
    this.site = site;
    if (this.region === 'us-east-1') {
      this.edgeLogs = new EdgeLogs(this, 'EdgeLogs', { distribution: site.distribution, bucket: logs.bucket, namePrefix: settings.namePrefix });
    } else {
      Annotations.of(site).addInfo(
        'CloudFront access logs are off: standard logging (legacy) would write query strings (tokens, reset codes), and standard logging (v2) without them can only be set up in us-east-1 (lib/edge-logs.ts). The API access log and WAF metrics remain.',
      );
    }

    const output = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    output('SiteUrl', site.origin, 'Where applicants go');
    output('DistributionDomainName', site.distribution.distributionDomainName, 'CNAME target for a custom domain');
    output('DistributionId', site.distribution.distributionId, 'For manual invalidations');
    output('ApiEndpoint', this.api.httpApi.apiEndpoint, 'The HTTP API; it answers only requests CloudFront forwards (origin secret)');
    output('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool of applicants');
    output('UserPoolClientId', this.auth.client.userPoolClientId, 'Cognito app client');
    output('UploadsBucketName', this.documents.uploads.bucketName, 'Original uploads');
    output('DocumentsBucketName', this.documents.documents.bucketName, 'Converted documents and application PDFs');
    output('AnswersTableName', this.data.answers.tableName, 'DynamoDB');
    output('StatusTableName', this.data.status.tableName, 'DynamoDB');
    output('TabsTableName', this.data.tabs.tableName, 'DynamoDB');
    output('LookupTableName', this.data.lookup.tableName, 'DynamoDB: reference data for /lookup/find');
    output('StaffUserPoolId', this.staff.userPool.userPoolId, 'Cognito user pool of the admissions office (npm run staff -- add EMAIL --aws)');
    output('StaffUserPoolClientId', this.staff.client.userPoolClientId, 'Staff console app client');
    output('AuditTableName', this.staff.audit.tableName, 'DynamoDB: append-only trail of staff reads and exports');
    output('SubmissionsEventBusName', this.staff.bus.eventBusName, 'EventBridge: Application Submitted / Application PDF Ready');
    output(
      'SisUserPoolId',
      this.sis.userPool.userPoolId,
      "Cognito user pool of the student information system's machine clients (npm run sis -- add-client NAME --aws)",
    );
    output('SisTokenEndpoint', this.sis.tokenEndpoint, 'OAuth 2.0 token endpoint of the machine clients (client credentials; docs/sis-api.md)');
    output('AlarmTopicArn', this.monitoring.topic.topicArn, 'Subscribe on-call addresses here');

    acknowledgeFindings(this);
    for (const s of [this, ...this.api.routeStacks.values()]) checkResourceBudget(s);
  }
}
