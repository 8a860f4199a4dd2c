import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { synth } from './harness';
import { permissionsOfFunction, resource, resources } from './template';

const idOf = (stack: ReturnType<typeof synth>['stack'], c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);

describe('the confirmation e-mail', () => {
  it('creates the SES sender identity from context and lets the mail function send from it, and nothing else of SES', () => {
    const { stack, template } = synth({ mailFromAddress: 'admissions@example.edu' });
    const identities = resources(template, 'AWS::SES::EmailIdentity');
    expect(identities.map(([, r]) => r.Properties.EmailIdentity)).toEqual(['admissions@example.edu']);
    const fnId = idOf(stack, stack.mail.fn);
    expect(resource(template, fnId).Properties.Environment.Variables.MAIL_FROM_ADDRESS).toBe('admissions@example.edu');
    const ses = [...permissionsOfFunction(template, fnId)].filter((p) => p.includes('ses:'));
    expect(ses).toHaveLength(1);
    expect(ses[0]).toContain('ses:SendEmail');
    expect(ses[0]).toContain('identity/');
  });

  it('is invoked asynchronously with retries and a dead-letter queue, by submit only', () => {
    const { stack, template } = synth();
    const fnId = idOf(stack, stack.mail.fn);
    const configs = resources(template, 'AWS::Lambda::EventInvokeConfig').filter(([, r]) => JSON.stringify(r.Properties.FunctionName).includes(fnId));
    expect(configs).toHaveLength(1);
    expect(configs[0]![1].Properties.MaximumRetryAttempts).toBe(2);
    expect(configs[0]![1].Properties.DestinationConfig.OnFailure.Destination).toBeDefined();
    const invokers = [...stack.api.functions.entries()].filter(([, f]) => [...permissionsOfFunction(template, idOf(stack, f))].some((p) => p.includes('lambda:InvokeFunction') && p.includes(fnId)));
    expect(invokers.map(([name]) => name)).toEqual(['submitApplication']);
  });

  it('synthesizes without a sender and says so', () => {
    const { stack, template } = synth();
    expect(resources(template, 'AWS::SES::EmailIdentity')).toEqual([]);
    expect(resource(template, idOf(stack, stack.mail.fn)).Properties.Environment.Variables.MAIL_FROM_ADDRESS).toBeUndefined();
    Annotations.fromStack(stack).hasInfo('/Admissions/Mail', Match.stringLikeRegexp('No mailFromAddress'));
  });
});
