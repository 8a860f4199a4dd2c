/** The admissions office's side of the stack (issue 16): staff pool, index, audit, exports, events. */
import { Validations } from 'aws-cdk-lib';
import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { STAFF_PASSWORD_MIN_LENGTH } from '#form/account';
import type { DeclaredRoute } from '#form/wire/endpoint';
import { endpoints, type EndpointName } from '#form/wire/endpoints';
import { STAFF_ROLES } from '#form/wire/roles';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { routes, type RouteDef } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, resource, resources, type Json } from './template';

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

  it("only the staff-user routes (an admin's) may change the staff pool's users and groups, each exactly what its use-case calls; ListUsers on the staff pool is the list's alone", () => {
    const statements = resources(template, 'AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
    const applicantPool = { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] };
    const staffPool = { 'Fn::GetAtt': [logicalId(stack.staff.userPool), 'Arn'] };
    const adminStatements = statements.filter((st) => ([st.Action].flat() as string[]).some((a) => /cognito-idp:(Admin|ListUsers)/.test(a)));
    const actionsOn = (pool: Json) => [
      ...new Set(
        adminStatements
          .filter((st) => JSON.stringify([st.Resource].flat()) === JSON.stringify([pool]))
          .flatMap((st) => [st.Action].flat() as string[])
          .filter((a) => /cognito-idp:(Admin|ListUsers)/.test(a)),
      ),
    ];
    // Every such statement is on one pool, never both or a wildcard.
    for (const st of adminStatements) expect([[applicantPool], [staffPool]]).toContainEqual([st.Resource].flat());
    // The applicants' pool: reading an address and signing an applicant out (their tokens carry no scope to do it themselves); deleting and listing, by the retention sweep alone (test/infra/retention.test.ts).
    expect(actionsOn(applicantPool).sort()).toEqual([
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:ListUsers',
    ]);
    // The staff pool: the console's staff management.
    expect(actionsOn(staffPool).sort()).toEqual([
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:ListUsers',
      'cognito-idp:ListUsersInGroup',
    ]);
    // The routes' Admin* and listing actions, each where its use-case needs it: no applicant route deletes an identity (the erasures hand it to the retention function).
    const rows: readonly RouteDef[] = routes;
    expect(
      Object.fromEntries(
        rows
          .map((r) => [r.name, r.grants.flatMap((g) => g.actions.filter((a) => /^cognito-idp:(Admin|ListUsers)/.test(a)))] as const)
          .filter(([, actions]) => actions.length > 0),
      ),
    ).toEqual({
      logOut: ['cognito-idp:AdminUserGlobalSignOut'],
      submitApplication: ['cognito-idp:AdminGetUser'],
      inviteRecommender: ['cognito-idp:AdminGetUser'],
      closeAccount: ['cognito-idp:AdminGetUser'],
      listStaffUsers: ['cognito-idp:ListUsers', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
      inviteStaffUser: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminDeleteUser',
      ],
      changeStaffUserRole: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:ListUsersInGroup',
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminRemoveUserFromGroup',
      ],
      deactivateStaffUser: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:ListUsersInGroup',
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminUserGlobalSignOut',
      ],
      reactivateStaffUser: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:AdminEnableUser'],
    });
    // The staff-user routes are an admin's alone.
    for (const name of ['listStaffUsers', 'inviteStaffUser', 'changeStaffUserRole', 'deactivateStaffUser', 'reactivateStaffUser'])
      expect(rows.find((r) => r.name === name)?.roles, name).toEqual(['admin']);
    expect(
      rows
        .filter((r) => r.grants.some((g) => g.resource === 'retentionFunction'))
        .map((r) => [r.name, r.grants.filter((g) => g.resource === 'retentionFunction').flatMap((g) => g.actions)]),
    ).toEqual([
      ['closeAccount', ['lambda:InvokeFunction']],
      ['eraseApplication', ['lambda:InvokeFunction']],
    ]);
  });

  it("every staff row allows exactly its contract's roles, each a staff role, and each narrower use some of them (docs/staff-api.md's table, generated from the contracts, pins which)", () => {
    const staffRows = (routes as readonly RouteDef[]).filter((r) => r.access === 'staff');
    expect(staffRows.length).toBeGreaterThan(20);
    for (const row of staffRows) {
      const contract: Pick<DeclaredRoute, 'access' | 'roles' | 'rolesFor'> = endpoints[row.name as EndpointName];
      expect(row.roles, row.name).toEqual(contract.roles);
      expect(row.roles?.length, row.name).toBeGreaterThan(0);
      expect(
        row.roles?.every((r) => (STAFF_ROLES as readonly string[]).includes(r)),
        row.name,
      ).toBe(true);
      for (const [use, roles] of Object.entries(contract.rolesFor ?? {}))
        expect(
          roles.every((r) => row.roles?.includes(r)),
          `${row.name}: ${use}`,
        ).toBe(true);
    }
  });
});

describe('staff routes', () => {
  const staffRoutes = routes.filter((r) => r.path.startsWith('/staff/api/'));

  it("are rows of the one table, one Lambda each, configured for the staff pool: every route of the office's contract and no other", () => {
    expect(staffRoutes.map((r) => r.name).sort()).toEqual(Object.keys(staffEndpoints).sort());
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

  it('may only append to the audit table, and only the routes that declare what they record (some also read office-status histories kept there)', () => {
    // Sign-in and sign-out are public routes that record sign-ins, wrong codes and sign-outs; the session and the review form record nothing.
    // Which route needs its Query (the audit view, the histories) is grants.test.ts's to check: each call is found in the route's code.
    const records = (route: (typeof staffRoutes)[number]) => {
      const { audit } = endpoints[route.name] as { audit?: object | 'none' };
      return audit !== undefined && audit !== 'none';
    };
    expect(staffRoutes.filter(records).length).toBeGreaterThan(15);
    for (const route of staffRoutes) {
      const actions = route.grants
        .filter((g) => g.resource === 'auditTable')
        .flatMap((g) => g.actions)
        .sort();
      if (records(route)) {
        expect(actions, route.name).toContain('dynamodb:PutItem');
        expect(
          actions.filter((a) => a !== 'dynamodb:PutItem' && a !== 'dynamodb:Query'),
          route.name,
        ).toEqual([]);
      } else expect(actions, route.name).toEqual([]);
    }
  });

  it("may query the trail's index from the audit view alone, and do nothing else there", () => {
    const onIndex = staffRoutes.filter((r) => r.grants.some((g) => g.resource === 'auditTrailIndex'));
    expect(onIndex.map((r) => r.name)).toEqual(['readAudit']);
    expect(onIndex[0]!.grants.filter((g) => g.resource === 'auditTrailIndex').flatMap((g) => g.actions)).toEqual(['dynamodb:Query']);
    // Every statement of every policy in the template that names the index: one, the audit view's role's.
    const index = JSON.stringify({ 'Fn::Join': ['', [arnOf(logicalId(stack.staff.audit)), '/index/trail']] });
    const grants = resources(template, 'AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Json[])
        .filter((s) => [s.Resource].flat().some((r: Json) => JSON.stringify(r) === index))
        .map((s) => ({ roles: policy.Properties.Roles.map((r: Json) => r.Ref as string), actions: [s.Action].flat() })),
    );
    const role = resource(template, logicalId(stack.api.functions.get('readAudit')!)).Properties.Role['Fn::GetAtt'][0] as string;
    expect(grants).toEqual([{ roles: [role], actions: ['dynamodb:Query'] }]);
  });
});

describe('submissions index, audit table, exports bucket', () => {
  it('indexes submissions sparsely in the answers table, by submission, last change, name and score, and applications in progress', () => {
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
      {
        IndexName: 'changed',
        KeySchema: [
          { AttributeName: 'submitted_index', KeyType: 'HASH' },
          { AttributeName: 'changed_at', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      // Applications in progress: keys only, which the save sets once (docs/decisions.md).
      {
        IndexName: 'in-progress',
        KeySchema: [
          { AttributeName: 'progress_cycle', KeyType: 'HASH' },
          { AttributeName: 'progress_sort', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
      // The staff list's orders by last name and by average review score (issue 39, item 6).
      {
        IndexName: 'by-name',
        KeySchema: [
          { AttributeName: 'submitted_index', KeyType: 'HASH' },
          { AttributeName: 'name_sort', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: 'by-score',
        KeySchema: [
          { AttributeName: 'submitted_index', KeyType: 'HASH' },
          { AttributeName: 'score_sort', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
  });

  it('indexes every audit record by action and time for the office-wide view (both key attributes every record has)', () => {
    const audit = resource(template, logicalId(stack.staff.audit)).Properties;
    expect(audit.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'trail',
        KeySchema: [
          { AttributeName: 'action', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
    // No time to live: records, erasures included, stay as long as the table (docs/retention.md).
    expect(audit.TimeToLiveSpecification).toBeUndefined();
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
