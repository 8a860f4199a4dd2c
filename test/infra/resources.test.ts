import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { OBJECT_ACTIONS, TABLE_ACTIONS } from '#cdk/bindings';
import { TTL_ATTRIBUTE } from '#cdk/data';
import { LETTER_PREFIX, UPLOAD_PREFIX } from '#cdk/documents';
import { OFFICE_WORDS_READ } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, objectsOf, pairs, permissionsOfFunction, resource, resources, type Json } from './template';

const { stack, template } = synth();
const logicalId = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnResource);

describe('data', () => {
  it('has five tables keyed pk/sk, on demand, with PITR, KMS encryption, expiresAt as TTL (not the audit trail: kept), kept on delete', () => {
    const tables = resources(template, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(5);
    for (const [id, t] of tables) {
      expect(t.Properties.KeySchema).toEqual([
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ]);
      expect(t.Properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(t.Properties.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled).toBe(true);
      expect(t.Properties.SSESpecification).toEqual({ SSEEnabled: true });
      if (id === logicalId(stack.staff.audit)) expect(t.Properties.TimeToLiveSpecification).toBeUndefined();
      else expect(t.Properties.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
      expect(t.DeletionPolicy).toBe('RetainExceptOnCreate');
    }
  });
});

describe('stateful resources and a failed first deploy', () => {
  const stateful = ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::S3::Bucket'].flatMap((type) => resources(template, type));

  it('tables, user pools and buckets are kept on update and delete, but removed by the rollback of the create that made them', () => {
    // Five tables, three user pools (applicants, staff, the machines of issue 38), five buckets.
    expect(stateful.length).toBe(5 + 3 + 5);
    for (const [id, r] of stateful) {
      expect(r.DeletionPolicy, id).toBe('RetainExceptOnCreate');
      expect(r.UpdateReplacePolicy, id).toBe('Retain');
    }
  });

  it('no bucket has a fixed name: the uploads bucket is named after the stack id, new with each created stack', () => {
    for (const [id, b] of resources(template, 'AWS::S3::Bucket')) {
      expect(typeof b.Properties.BucketName, id).not.toBe('string');
    }
    const name = JSON.stringify(resource(template, logicalId(stack.documents.uploads)).Properties.BucketName);
    expect(name).toContain('AWS::StackId');
    expect(name).not.toContain('AWS::AccountId');
  });
});

describe('buckets', () => {
  const buckets = resources(template, 'AWS::S3::Bucket');

  it('are all private, encrypted and logged', () => {
    expect(buckets).toHaveLength(5);
    for (const [id, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
      if (id !== logicalId(stack.accessLogs.bucket)) expect(b.Properties.LoggingConfiguration, id).toBeDefined();
    }
  });

  it('refuse plain HTTP and grant nothing to anonymous principals', () => {
    for (const [, policy] of resources(template, 'AWS::S3::BucketPolicy')) {
      const statements = policy.Properties.PolicyDocument.Statement as Json[];
      expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      for (const s of statements.filter((x) => x.Effect === 'Allow')) {
        expect(s.Principal).not.toBe('*');
        expect(s.Principal.AWS).not.toBe('*');
      }
    }
  });

  it('the site bucket is readable by this distribution only (origin access control)', () => {
    const site = logicalId(stack.site.bucket);
    const [[, policy]] = resources(template, 'AWS::S3::BucketPolicy').filter(([, p]) => p.Properties.Bucket.Ref === site) as [[string, Json]];
    const allow = (policy.Properties.PolicyDocument.Statement as Json[]).filter((s) => s.Effect === 'Allow');
    expect(allow).toHaveLength(1);
    expect(allow[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(JSON.stringify(allow[0].Condition)).toContain(logicalId(stack.site.distribution));
  });

  it('uploads accept cross-origin POSTs from the site origin only and expire abandoned uploads', () => {
    const uploads = resource(template, logicalId(stack.documents.uploads));
    expect(uploads.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({
        AllowedMethods: ['POST'],
        AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.site.distribution), 'DomainName'] }]] }],
      }),
    ]);
    expect(uploads.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: UPLOAD_PREFIX, Status: 'Enabled', ExpirationInDays: expect.any(Number) }),
    );
  });
});

describe('document conversion', () => {
  const converter = logicalId(stack.documents.converter);

  // Recommenders' letters (recommendations/) are converted by the same function.
  it('runs on every object created under uploads/ and recommendations/', () => {
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: logicalId(stack.documents.uploads) },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [UPLOAD_PREFIX, LETTER_PREFIX].map((prefix) => ({
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: prefix }] } },
          LambdaFunctionArn: arnOf(converter),
        })),
      },
    });
  });

  it('retries twice, then parks the event in its dead-letter queue, which raises an alarm', () => {
    const dlq = logicalId(stack.documents.deadLetters);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: converter },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: arnOf(dlq) } },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }],
      AlarmActions: [{ Ref: logicalId(stack.monitoring.topic) }],
    });
  });

  // The status table: the conversion state of recommenders' letters (docs/recommendations.md).
  it('reads uploads, writes documents, answers and the status table, and nothing else', () => {
    const uploads = logicalId(stack.documents.uploads);
    const documents = logicalId(stack.documents.documents);
    const fn = resource(template, converter);
    const expected = [
      ...pairs(OBJECT_ACTIONS.read, objectsOf(uploads)),
      ...pairs(['s3:ListBucket'], arnOf(uploads)),
      ...pairs(OBJECT_ACTIONS.readwrite, objectsOf(documents)),
      ...pairs(['s3:ListBucket'], arnOf(documents)),
      ...pairs(TABLE_ACTIONS.readwrite, arnOf(logicalId(stack.data.answers))),
      ...pairs(TABLE_ACTIONS.readwrite, arnOf(logicalId(stack.data.status))),
      ...pairs(['logs:CreateLogStream', 'logs:PutLogEvents'], arnOf(fn.Properties.LoggingConfig.LogGroup.Ref)),
      ...pairs(['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], arnOf(logicalId(stack.documents.deadLetters))),
    ];
    expect([...permissionsOfFunction(template, converter)].sort()).toEqual([...new Set(expected)].sort());
  });
});

describe('PDF renderer', () => {
  const render = logicalId(stack.renderer.fn);

  it('is an x86_64, 2048 MB function that knows the site URL', () => {
    const fn = resource(template, render);
    expect(fn.Properties.Architectures).toEqual(['x86_64']);
    expect(fn.Properties.MemorySize).toBe(2048);
    expect(fn.Properties.Environment.Variables.PUBLIC_ORIGIN).toBeDefined();
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['ANSWERS_TABLE', 'STATUS_TABLE', 'TABS_TABLE', 'DOCUMENTS_BUCKET']),
    );
  });

  it('reads tabs, writes answers (its render state), status (service tokens) and documents', () => {
    const perms = permissionsOfFunction(template, render);
    const has = (action: string, target: Json) => perms.has(`${action}|${JSON.stringify(target)}`);
    expect(has('dynamodb:GetItem', arnOf(logicalId(stack.data.answers)))).toBe(true);
    expect(has('dynamodb:UpdateItem', arnOf(logicalId(stack.data.answers)))).toBe(true);
    expect(has('dynamodb:PutItem', arnOf(logicalId(stack.data.tabs)))).toBe(false);
    expect(has('dynamodb:PutItem', arnOf(logicalId(stack.data.status)))).toBe(true);
    expect(has('s3:PutObject', objectsOf(logicalId(stack.documents.documents)))).toBe(true);
  });

  it('is invoked asynchronously with retries and a dead-letter queue with an alarm', () => {
    const dlq = logicalId(stack.renderer.deadLetters);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: render },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: arnOf(dlq) } },
    });
    // One parked render is enough to tell the operator (the handler throws when a render fails).
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [{ Ref: logicalId(stack.monitoring.topic) }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: render } }],
      AlarmActions: [{ Ref: logicalId(stack.monitoring.topic) }],
    });
  });

  it('dead-letter queues are encrypted and TLS-only', () => {
    for (const q of [stack.documents.deadLetters, stack.renderer.deadLetters]) {
      expect(resource(template, logicalId(q)).Properties.SqsManagedSseEnabled).toBe(true);
    }
    for (const [, p] of resources(template, 'AWS::SQS::QueuePolicy')) {
      expect(p.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });
});

describe('Cognito', () => {
  it('uses e-mail usernames, our password rules, code verification and self sign-up', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true }),
      },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      LambdaConfig: Match.objectLike({ CustomMessage: arnOf(logicalId(stack.auth.customMessage)) }),
    });
  });

  it('has a public client for password and refresh flows, hiding whether a user exists, with revocable 15-minute tokens', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes', IdToken: 'minutes' }),
    });
  });

  it('issues access tokens without the aws.cognito.signin.user.admin scope: Essentials plan (access-token customisation), a V2_0 pre token generation trigger that suppresses it, with no permission of its own', () => {
    const id = logicalId(stack.auth.preTokenGeneration);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UserPoolTier: 'ESSENTIALS',
      LambdaConfig: { CustomMessage: arnOf(logicalId(stack.auth.customMessage)), PreTokenGenerationConfig: { LambdaArn: arnOf(id), LambdaVersion: 'V2_0' } },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: arnOf(id),
      Principal: 'cognito-idp.amazonaws.com',
    });
    expect([...permissionsOfFunction(template, id)].every((p) => p.startsWith('logs:'))).toBe(true);
    // The staff pool keeps the scope: a staff member signs out with their own token (GlobalSignOut).
    template.hasResourceProperties('AWS::Cognito::UserPool', { UsernameAttributes: Match.absent(), LambdaConfig: Match.absent() });
  });

  it('the custom message trigger knows the site URL and the status table, and may only read the office’s words there', () => {
    const id = logicalId(stack.auth.customMessage);
    expect(Object.keys(resource(template, id).Properties.Environment.Variables).sort()).toEqual([
      'APP_ENV',
      'IDENTITY_PROVIDER',
      'NODE_OPTIONS',
      'PUBLIC_ORIGIN',
      'STATUS_TABLE',
    ]);
    const statusArn = arnOf(logicalId(stack.data.status));
    expect([...permissionsOfFunction(template, id)].filter((p) => !p.startsWith('logs:'))).toEqual(pairs(OFFICE_WORDS_READ.actions, statusArn));
    // The reset e-mail's words (Settings), and no other partition of the table.
    const roleId = resource(template, id).Properties.Role['Fn::GetAtt'][0] as string;
    const statusReads = resources(template, 'AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }>)
      .filter((st) => JSON.stringify(st.Resource) === JSON.stringify(statusArn));
    expect(statusReads.map((st) => [[st.Action].flat(), st.Condition])).toEqual([
      [OFFICE_WORDS_READ.actions, { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': OFFICE_WORDS_READ.keys } }],
    ]);
  });
});
