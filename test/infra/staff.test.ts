/** The admissions office's side of the stack (issue 16): staff pool, index, audit, exports, events. */
import { Validations } from 'aws-cdk-lib';
import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { STAFF_PASSWORD_MIN_LENGTH } from '#form/account';
import { STAFF_ROLES } from '#form/wire/roles';
import { routes, type RouteDef } from '#lambdas/routes';
import { synth } from './harness';
import { resource, resources, type Json } from './template';

const { stack, template } = synth();
const logicalId = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnResource);

describe('staff user pool', () => {
  const pool = () => resource(template, logicalId(stack.staff.userPool)).Properties;

  it('requires TOTP MFA, has no self sign-up and no SMS', () => {
    expect(pool().MfaConfiguration).toBe('ON');
    expect(pool().EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(pool().AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
  });

  it('has a stricter password policy than applicants, and threat protection', () => {
    const policy = pool().Policies.PasswordPolicy;
    expect(policy).toMatchObject({
      MinimumLength: STAFF_PASSWORD_MIN_LENGTH,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
      PasswordHistorySize: 5,
    });
    const applicants = resource(template, logicalId(stack.auth.userPool)).Properties.Policies.PasswordPolicy;
    expect(policy.MinimumLength).toBeGreaterThan(applicants.MinimumLength);
    expect(pool().UserPoolTier).toBe('PLUS');
    expect(pool().UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
  });

  it('is not acknowledged for any cdk-nag Cognito rule (COG2 and COG8 are met, not suppressed)', () => {
    const acknowledged = [stack.staff.userPool, ...stack.staff.userPool.node.scopes]
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .map((m) => JSON.stringify(m.data));
    expect(acknowledged.filter((a) => /COG/.test(a))).toEqual([]);
  });

  it('has its own console client: password auth, no secret, no OAuth, revocable tokens', () => {
    const clients = resources(template, 'AWS::Cognito::UserPoolClient').filter(([, c]) => c.Properties.UserPoolId.Ref === logicalId(stack.staff.userPool));
    expect(clients).toHaveLength(1);
    expect(clients[0]![1].Properties).toMatchObject({
      ExplicitAuthFlows: expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH']),
      GenerateSecret: false,
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });
});

describe('staff roles', () => {
  it("are groups of the staff pool, one per role, named as the role (the token's cognito:groups)", () => {
    const groups = resources(template, 'AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties);
    expect(groups.map((g) => g.GroupName).sort()).toEqual([...STAFF_ROLES].sort());
    for (const g of groups) expect(g.UserPoolId, g.GroupName).toEqual({ Ref: logicalId(stack.staff.userPool) });
  });

  it("no Lambda may change a group or its members (only the staff command, with the operator's credentials)", () => {
    const statements = resources(template, 'AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
    const adminStatements = statements.filter((st) => ([st.Action].flat() as string[]).some((a) => /cognito-idp:Admin/.test(a)));
    // Admin* actions only on the applicants' pool, never the staff pool's users or groups.
    const applicantPool = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
    for (const st of adminStatements) expect([st.Resource].flat()).toEqual([applicantPool]);
    // Reading an applicant's address and signing them out (their tokens carry no scope to do it themselves); deleting one, by the retention sweep alone (test/infra/retention.test.ts).
    expect([...new Set(adminStatements.flatMap((st) => [st.Action].flat() as string[]).filter((a) => /cognito-idp:Admin/.test(a)))].sort()).toEqual([
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
    // The routes' Admin* actions, each where its use-case needs it: no route deletes an identity (the erasures hand it to the retention function).
    const rows: readonly RouteDef[] = routes;
    expect(
      Object.fromEntries(
        rows
          .map((r) => [r.name, r.grants.flatMap((g) => g.actions.filter((a) => a.startsWith('cognito-idp:Admin')))] as const)
          .filter(([, actions]) => actions.length > 0),
      ),
    ).toEqual({
      logOut: ['cognito-idp:AdminUserGlobalSignOut'],
      submitApplication: ['cognito-idp:AdminGetUser'],
      inviteRecommender: ['cognito-idp:AdminGetUser'],
      closeAccount: ['cognito-idp:AdminGetUser'],
    });
    expect(
      rows
        .filter((r) => r.grants.some((g) => g.resource === 'retentionFunction'))
        .map((r) => [r.name, r.grants.filter((g) => g.resource === 'retentionFunction').flatMap((g) => g.actions)]),
    ).toEqual([
      ['closeAccount', ['lambda:InvokeFunction']],
      ['eraseApplication', ['lambda:InvokeFunction']],
    ]);
  });

  it('every staff row names the roles it allows: reading and reviewing for every role, decisions for deciders and admins, links and the office-wide audit for admins', () => {
    const staffRows: readonly RouteDef[] = routes;
    const allowed = Object.fromEntries(staffRows.filter((r) => r.access === 'staff').map((r) => [r.name, [...(r.roles ?? [])]]));
    for (const [name, roles] of Object.entries(allowed)) {
      expect(roles.length, name).toBeGreaterThan(0);
      expect(
        roles.every((r) => (STAFF_ROLES as readonly string[]).includes(r)),
        name,
      ).toBe(true);
    }
    expect(allowed).toMatchObject({
      readStaffSession: ['reader', 'decider', 'admin'],
      listApplications: ['reader', 'decider', 'admin'],
      readApplication: ['reader', 'decider', 'admin'],
      exportApplicationsCsv: ['reader', 'decider', 'admin'],
      exportApplicationsJson: ['reader', 'decider', 'admin'],
      // Every role reads an application's own records; the handler keeps the office-wide trail to admins.
      readAudit: ['reader', 'decider', 'admin'],
      issueTemporaryLink: ['admin'],
      readReviewForm: ['reader', 'decider', 'admin'],
      nextToRead: ['reader', 'decider', 'admin'],
      saveReview: ['reader', 'decider', 'admin'],
      recordDecision: ['decider', 'admin'],
      recordDecisions: ['decider', 'admin'],
    });
  });
});

describe('staff routes', () => {
  const staffRoutes = routes.filter((r) => r.path.startsWith('/staff/api/'));

  it('are rows of the one table, one Lambda each, configured for the staff pool', () => {
    expect(staffRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'GET /staff/api/applications',
        'GET /staff/api/applications/{id}',
        'GET /staff/api/applications/{id}/documents/{key}/download',
        'GET /staff/api/applications/{id}/pdf/download',
        'GET /staff/api/applications/{id}/recommendations/{recommendationId}/letter',
        'GET /staff/api/audit',
        'GET /staff/api/export.csv',
        'GET /staff/api/export.json',
        'GET /staff/api/logout',
        'GET /staff/api/session',
        'POST /staff/api/login',
        'POST /staff/api/refresh',
        'POST /staff/api/temporary-links',
        'GET /staff/api/temporary-links',
        'DELETE /staff/api/temporary-links/{id}',
        'GET /staff/api/review-form',
        'GET /staff/api/queue/next',
        'POST /staff/api/applications/{id}/reviews',
        'PUT /staff/api/applications/{id}/decision',
        'POST /staff/api/decisions',
        'POST /staff/api/releases',
        'GET /staff/api/releases',
        'DELETE /staff/api/releases/{id}',
        'POST /staff/api/applications/{id}/erase',
      ].sort(),
    );
    for (const route of staffRoutes) {
      const fn = resource(template, logicalId(stack.api.functions.get(route.name)!)).Properties;
      expect(fn.Environment.Variables.STAFF_USER_POOL_ID, route.name).toEqual({ Ref: logicalId(stack.staff.userPool) });
    }
  });

  it('reach the API through the site: /staff/api/* is an uncached API behaviour, /staff the SPA', () => {
    const [[, distribution]] = resources(template, 'AWS::CloudFront::Distribution') as [[string, Json]];
    const behaviour = distribution.Properties.DistributionConfig.CacheBehaviors.find((b: Json) => b.PathPattern === '/staff/api/*');
    expect(behaviour).toMatchObject({ CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', AllowedMethods: expect.arrayContaining(['POST']) });
  });

  it('may only append to the audit table (the audit view alone also reads it)', () => {
    // Sign-in and sign-out are public routes that record sign-ins, wrong codes and sign-outs; the review form reads nothing of an application.
    const recorded = (route: (typeof staffRoutes)[number]) =>
      (route.access === 'staff' && route.name !== 'readStaffSession' && route.name !== 'readReviewForm') ||
      route.name === 'staffLogIn' ||
      route.name === 'staffLogOut';
    // The audit view reads the trail; an application's view and the writes that change its office status read its history (kept in the same append-only table).
    // The audit view reads the trail; an application's view, the office's writes and a release read office-status histories (kept in the same append-only table).
    const readsHistory = ['readAudit', 'readApplication', 'saveReview', 'recordDecision', 'recordDecisions', 'scheduleRelease'];
    for (const route of staffRoutes) {
      const actions = route.grants
        .filter((g) => g.resource === 'auditTable')
        .flatMap((g) => g.actions)
        .sort();
      if (recorded(route))
        expect(actions, route.name).toEqual(readsHistory.includes(route.name) ? ['dynamodb:PutItem', 'dynamodb:Query'] : ['dynamodb:PutItem']);
      else expect(actions, route.name).toEqual([]);
    }
  });
});

describe('submissions index, audit table, exports bucket', () => {
  it('indexes submissions sparsely in the answers table', () => {
    const answers = resource(template, logicalId(stack.data.answers)).Properties;
    expect(answers.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'submitted',
        KeySchema: [
          { AttributeName: 'submitted_index', KeyType: 'HASH' },
          { AttributeName: 'submitted_sort', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
  });

  it('keeps the audit table with point-in-time recovery, encrypted, retained', () => {
    const audit = resource(template, logicalId(stack.staff.audit));
    expect(audit.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(audit.Properties).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('deletes exports after a day and aborts unfinished uploads', () => {
    const bucket = resource(template, logicalId(stack.staff.exports)).Properties;
    expect(bucket.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: 1, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
    ]);
  });
});

describe('submission events', () => {
  it('has a bus with a replay archive', () => {
    template.resourceCountIs('AWS::Events::EventBus', 1);
    template.hasResourceProperties('AWS::Events::Archive', { EventPattern: { source: ['admissions.applications'] }, RetentionDays: 7 });
  });

  it('the archive names no KMS key (an empty KmsKeyIdentifier fails in some regions; absent, the AWS-owned key is used)', () => {
    for (const [, archive] of resources(template, 'AWS::Events::Archive')) expect(Object.keys(archive.Properties)).not.toContain('KmsKeyIdentifier');
  });

  it('publishes through a Lambda invoked asynchronously: two retries, then a dead-letter queue with an alarm', () => {
    const publisher = logicalId(stack.staff.publisher);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: publisher },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stack.staff.deadLetters), 'Arn'] } } },
    });
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      JSON.stringify(a.Properties.Dimensions ?? []).includes(logicalId(stack.staff.deadLetters)),
    );
    expect(alarms).toHaveLength(1);
  });

  it('lets the publisher put events on its bus only, and submit and the renderer invoke the publisher only', () => {
    const statements = (roleOf: string) =>
      resources(template, 'AWS::IAM::Policy')
        .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleOf))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
    const publisherRole = resource(template, logicalId(stack.staff.publisher)).Properties.Role['Fn::GetAtt'][0];
    expect(statements(publisherRole).find((s) => s.Action === 'events:PutEvents')?.Resource).toEqual({ 'Fn::GetAtt': [logicalId(stack.staff.bus), 'Arn'] });
    const publisherArn = { 'Fn::GetAtt': [logicalId(stack.staff.publisher), 'Arn'] };
    for (const fn of [stack.api.functions.get('submitApplication')!, stack.renderer.fn]) {
      const role = resource(template, logicalId(fn)).Properties.Role['Fn::GetAtt'][0];
      expect(
        statements(role)
          .filter((s) => JSON.stringify(s.Resource) === JSON.stringify(publisherArn))
          .map((s) => s.Action),
      ).toEqual(['lambda:InvokeFunction']);
      expect(resource(template, logicalId(fn)).Properties.Environment.Variables.EVENTS_FUNCTION_NAME).toEqual({ Ref: logicalId(stack.staff.publisher) });
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ EVENT_BUS_NAME: { Ref: logicalId(stack.staff.bus) } }) },
    });
  });
});
