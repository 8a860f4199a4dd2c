/**
 * Recommendations in the deployment: the daily rule that drives the sweep Lambda (status table
 * and the sender alone, retries and a dead-letter queue with an alarm), the letters' conversion
 * by the form's converter, and the routes that e-mail sending from the product's sender only.
 */
import type { CfnResource } from 'aws-cdk-lib';
import { LETTER_PREFIX as DEPLOYED_PREFIX } from '#cdk/documents';
import { LOG_METRICS_NAMESPACE } from '#cdk/monitoring';
import { SWEEP_TABLE_ACTIONS } from '#cdk/recommendations';
import { LETTER_PREFIX } from '#domain/recommendations/keys';
import { INVITATION_SITE_CAP_METRIC } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, pairs, permissionsOfFunction, resource, resources } from './template';

type Stack = ReturnType<typeof synth>['stack'];
const idOf = (stack: Stack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const withoutLogs = (permissions: Set<string>) => [...permissions].filter((p) => !p.startsWith('logs:')).sort();

describe('the recommendations sweep', () => {
  const { stack, template } = synth();
  const sweep = idOf(stack, stack.recommendations.sweep);

  it('runs once a day on an EventBridge rule, retried twice, then kept in a dead-letter queue with an alarm', () => {
    const rules = resources(template, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties.Targets).includes(sweep));
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0]!;
    expect(rule.Properties.ScheduleExpression).toBe('cron(0 6 * * ? *)');
    expect(rule.Properties.State ?? 'ENABLED').toBe('ENABLED');
    const [target] = rule.Properties.Targets;
    expect(target.Arn).toEqual(arnOf(sweep));
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600 });
    expect(target.DeadLetterConfig.Arn).toEqual(arnOf(idOf(stack, stack.recommendations.deadLetters)));
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      JSON.stringify(a.Properties.Dimensions ?? []).includes(idOf(stack, stack.recommendations.deadLetters)),
    );
    expect(alarms.length).toBeGreaterThan(0);
  });

  it('may read and write the status table and nothing else without a sender', () => {
    expect(withoutLogs(permissionsOfFunction(template, sweep))).toEqual(pairs(SWEEP_TABLE_ACTIONS, arnOf(idOf(stack, stack.data.status))).sort());
    const variables = resource(template, sweep).Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(variables).sort()).toEqual(['APP_ENV', 'IDENTITY_PROVIDER', 'MAIL_FROM_ADDRESS', 'NODE_OPTIONS', 'PUBLIC_ORIGIN', 'STATUS_TABLE']);
  });

  it('sends from the product\u2019s sender alone when there is one, as do the routes that e-mail recommenders and applicants', () => {
    const withSender = synth({ mailFromAddress: 'admissions@example.edu' });
    const ses = (fn: { node: { defaultChild?: unknown } }) =>
      [...permissionsOfFunction(withSender.template, idOf(withSender.stack, fn))].filter((p) => p.includes('ses:'));
    const senders = [
      withSender.stack.recommendations.sweep,
      ...['inviteRecommender', 'remindRecommender', 'submitRecommendation', 'declineRecommendation'].map((n) => withSender.stack.api.functions.get(n)!),
    ];
    for (const fn of senders) {
      const granted = ses(fn);
      // The sender identity and its configuration set (lib/mail.ts: SES authorises a send on both).
      expect(granted).toHaveLength(2);
      expect(granted.filter((p) => /^ses:SendEmail\|.*configuration-set\//.test(p))).toHaveLength(1);
      expect(granted.filter((p) => /^ses:SendEmail\|.*identity\//.test(p))).toHaveLength(1);
    }
    expect(
      resource(withSender.template, idOf(withSender.stack, withSender.stack.recommendations.sweep)).Properties.Environment.Variables.MAIL_FROM_ADDRESS,
    ).toBe('admissions@example.edu');
    expect(ses(withSender.stack.api.functions.get('listRecommendations')!)).toEqual([]);
  });
});

describe('the invitations\u2019 site-wide cap (issue 42, item 4)', () => {
  const { stack, template } = synth();

  it('counts the inviting function\u2019s log line that the cap was reached as a metric, and alarms at the first', () => {
    const logGroup = idOf(stack, stack.api.functions.get('inviteRecommender')!.logGroup);
    const filters = resources(template, 'AWS::Logs::MetricFilter').filter(([, f]) => JSON.stringify(f.Properties.LogGroupName).includes(logGroup));
    expect(filters).toHaveLength(1);
    const [, filter] = filters[0]!;
    expect(filter.Properties.FilterPattern).toBe(`{ $.metric = "${INVITATION_SITE_CAP_METRIC}" }`);
    const [transformation] = filter.Properties.MetricTransformations;
    expect(transformation).toMatchObject({ MetricNamespace: LOG_METRICS_NAMESPACE, MetricName: INVITATION_SITE_CAP_METRIC, MetricValue: '1' });
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.MetricName === INVITATION_SITE_CAP_METRIC);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({
      Namespace: LOG_METRICS_NAMESPACE,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: idOf(stack, stack.monitoring.topic) }],
    });
  });
});

describe('recommenders\u2019 letters', () => {
  const { stack, template } = synth();

  it('are converted by the form\u2019s converter under the domain\u2019s key prefix, which may write their state to the status table', () => {
    expect(DEPLOYED_PREFIX).toBe(LETTER_PREFIX);
    const converter = idOf(stack, stack.documents.converter);
    const status = arnOf(idOf(stack, stack.data.status));
    const granted = [...permissionsOfFunction(template, converter)].filter((p) => p.endsWith(`|${JSON.stringify(status)}`));
    expect(granted.map((p) => p.split('|')[0]).sort()).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });

  it('are never readable by a public route: the token routes touch the status table and, for the upload, the uploads bucket alone', () => {
    for (const name of ['readRecommendationRequest', 'grantLetterUpload', 'readLetterStatus', 'submitRecommendation', 'declineRecommendation']) {
      const permissions = withoutLogs(permissionsOfFunction(template, idOf(stack, stack.api.functions.get(name)!)));
      expect(
        permissions.filter((p) => p.startsWith('s3:') && !p.startsWith('s3:PutObject|')),
        name,
      ).toEqual([]);
    }
  });
});
