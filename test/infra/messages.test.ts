/**
 * Mailings to applicants in the template (lib/messages.ts, issue 40): the queue keeps a message
 * that failed three times in its alarmed dead-letter queue; SQS runs the sender ten messages at a
 * time, two at once, reporting each failure alone; a rule runs the tick every five minutes; the
 * sender may do what a send does and nothing else; the office's daily cap alarms at the first refusal.
 */
import type { CfnResource } from 'aws-cdk-lib';
import { SENDER_ACTIONS } from '#cdk/messages';
import { LOG_METRICS_NAMESPACE } from '#cdk/monitoring';
import { MAILINGS_CAP_METRIC } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, pairs, permissionsOfFunction, resource, resources } from './template';

type Stack = ReturnType<typeof synth>['stack'];
const idOf = (stack: Stack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);

describe('the mailing sender', () => {
  const { stack, template } = synth();
  const sender = idOf(stack, stack.messages.sender);
  const queue = idOf(stack, stack.messages.queue);

  it('drains an encrypted queue whose failed messages go, after three receives, to an alarmed dead-letter queue', () => {
    const props = resource(template, queue).Properties;
    expect(props.SqsManagedSseEnabled).toBe(true);
    expect(props.RedrivePolicy).toEqual({ deadLetterTargetArn: arnOf(idOf(stack, stack.messages.deadLetters)), maxReceiveCount: 3 });
    const mappings = resources(template, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties.FunctionName).includes(sender));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      JSON.stringify(a.Properties.Dimensions ?? []).includes(idOf(stack, stack.messages.deadLetters)),
    );
    expect(alarms.length).toBeGreaterThan(0);
  });

  it('runs the tick every five minutes, retried, then kept in its own dead-letter queue', () => {
    const rules = resources(template, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties.Targets).includes(sender));
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties.ScheduleExpression).toBe('rate(5 minutes)');
    expect(rules[0]![1].Properties.Targets[0].DeadLetterConfig.Arn).toEqual(arnOf(idOf(stack, stack.messages.tickDeadLetters)));
  });

  it('may use the tables and indexes a send reads and writes, send through SES and to its own queue, and nothing else', () => {
    const granted = [...permissionsOfFunction(template, sender)].filter(
      (p) =>
        !p.startsWith('logs:') &&
        !p.startsWith('sqs:Receive') &&
        !p.startsWith('sqs:Delete') &&
        !p.startsWith('sqs:ChangeMessageVisibility') &&
        !p.startsWith('sqs:GetQueue'),
    );
    expect(granted).toEqual(
      expect.arrayContaining([
        ...pairs(SENDER_ACTIONS.status, arnOf(idOf(stack, stack.data.status))),
        ...pairs(SENDER_ACTIONS.answers, arnOf(idOf(stack, stack.data.answers))),
        ...pairs(['sqs:SendMessage'], arnOf(queue)),
      ]),
    );
    expect(granted.filter((p) => p.startsWith('dynamodb:Scan') || p.startsWith('dynamodb:DeleteItem') || p.includes('cognito'))).toEqual([]);
  });
});

describe('the office’s daily cap of mailings', () => {
  const { stack, template } = synth();

  it('counts the send route’s log line that the cap was reached as a metric, and alarms at the first', () => {
    const logGroup = idOf(stack, stack.api.functions.get('sendMailing')!.logGroup);
    const filters = resources(template, 'AWS::Logs::MetricFilter').filter(([, f]) => JSON.stringify(f.Properties.LogGroupName).includes(logGroup));
    expect(filters).toHaveLength(1);
    expect(filters[0]![1].Properties.FilterPattern).toBe(`{ $.metric = "${MAILINGS_CAP_METRIC}" }`);
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.MetricName === MAILINGS_CAP_METRIC);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({ Namespace: LOG_METRICS_NAMESPACE, Threshold: 1 });
  });
});
