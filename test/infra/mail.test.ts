import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { routes } from '#lambdas/routes';
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
    // The identity and its configuration set (SES authorises a send on both).
    expect(ses).toHaveLength(2);
    expect(ses.every((p) => p.startsWith('ses:SendEmail|'))).toBe(true);
    expect(ses.some((p) => p.includes('identity/'))).toBe(true);
    expect(ses.some((p) => p.includes('configuration-set/'))).toBe(true);
  });

  it('lets the routes that declare the mail resource send from the same identity (a temporary link to its recipient, recommendations), and no other route', () => {
    const { stack, template } = synth({ mailFromAddress: 'admissions@example.edu' });
    const declared = routes.filter((r) => r.grants.some((g) => g.resource === 'mail')).map((r) => r.name);
    expect(declared).toEqual(expect.arrayContaining(['issueTemporaryLink', 'inviteRecommender', 'remindRecommender']));
    const senders = [...stack.api.functions.entries()].filter(([, f]) => [...permissionsOfFunction(template, idOf(stack, f))].some((p) => p.includes('ses:')));
    expect(senders.map(([name]) => name).sort()).toEqual([...declared].sort());
    for (const [, fn] of senders) {
      const fnId = idOf(stack, fn);
      expect(resource(template, fnId).Properties.Environment.Variables.MAIL_FROM_ADDRESS).toBe('admissions@example.edu');
      const ses = [...permissionsOfFunction(template, fnId)].filter((p) => p.includes('ses:'));
      expect(ses).toHaveLength(2);
      expect(ses.every((p) => p.startsWith('ses:SendEmail|'))).toBe(true);
      expect(ses.some((p) => p.includes('identity/'))).toBe(true);
      expect(ses.some((p) => p.includes('configuration-set/'))).toBe(true);
    }
  });

  it('is invoked asynchronously with retries and a dead-letter queue, by submit only', () => {
    const { stack, template } = synth();
    const fnId = idOf(stack, stack.mail.fn);
    const configs = resources(template, 'AWS::Lambda::EventInvokeConfig').filter(([, r]) => JSON.stringify(r.Properties.FunctionName).includes(fnId));
    expect(configs).toHaveLength(1);
    expect(configs[0]![1].Properties.MaximumRetryAttempts).toBe(2);
    expect(configs[0]![1].Properties.DestinationConfig.OnFailure.Destination).toBeDefined();
    const invokers = [...stack.api.functions.entries()].filter(([, f]) =>
      [...permissionsOfFunction(template, idOf(stack, f))].some((p) => p.includes('lambda:InvokeFunction') && p.includes(fnId)),
    );
    expect(invokers.map(([name]) => name)).toEqual(['submitApplication']);
  });

  /** The metrics of the alarms on the mail function or its dead-letter queue, each checked to notify the alarm topic. */
  const mailAlarms = (s: ReturnType<typeof synth>) => {
    const watched = [idOf(s.stack, s.stack.mail.fn), idOf(s.stack, s.stack.mail.deadLetters)];
    const topic = idOf(s.stack, s.stack.monitoring.topic);
    return resources(s.template, 'AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties)
      .filter((p) => watched.some((id) => JSON.stringify(p.Dimensions ?? []).includes(`"${id}"`)))
      .map((p) => {
        expect(p.AlarmActions).toEqual([{ Ref: topic }]);
        return p.MetricName as string;
      })
      .sort();
  };

  it('alarms on its errors and its dead letters, like every event worker', () => {
    const s = synth({ mailFromAddress: 'admissions@example.edu' });
    expect(mailAlarms(s)).toEqual(['ApproximateNumberOfMessagesVisible', 'Errors']);
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: idOf(s.stack, s.stack.mail.fn) } }],
    });
  });

  it('alarms the same without a sender: its jobs end without sending and without failing', () => {
    expect(mailAlarms(synth())).toEqual(['ApproximateNumberOfMessagesVisible', 'Errors']);
  });

  it('synthesizes without a sender and says so', () => {
    const { stack, template } = synth();
    expect(resources(template, 'AWS::SES::EmailIdentity')).toEqual([]);
    expect(resource(template, idOf(stack, stack.mail.fn)).Properties.Environment.Variables.MAIL_FROM_ADDRESS).toBeUndefined();
    Annotations.fromStack(stack).hasInfo('/Admissions/Mail', Match.stringLikeRegexp('No mailFromAddress'));
  });
});

describe("Cognito's mail", () => {
  const pool = (t: ReturnType<typeof synth>) => resources(t.template, 'AWS::Cognito::UserPool').find(([, p]) => p.Properties.UsernameAttributes)![1].Properties;

  it('sends through the SES address identity by default, in the region given', () => {
    const email = pool(synth({ sesFromAddress: 'admissions@example.edu', sesRegion: 'eu-west-1' })).EmailConfiguration;
    expect(email.EmailSendingAccount).toBe('DEVELOPER');
    expect(JSON.stringify(email.SourceArn)).toContain(':ses:eu-west-1:');
    expect(JSON.stringify(email.SourceArn)).toContain('identity/admissions@example.edu');
  });

  it('sends through the SES domain identity when the domain is what is verified', () => {
    const email = pool(synth({ sesFromAddress: 'admissions@example.edu', sesRegion: 'eu-west-1', sesVerifiedDomain: 'example.edu' })).EmailConfiguration;
    expect(JSON.stringify(email.SourceArn)).toMatch(/identity\/example\.edu"/);
    expect(email.From).toContain('admissions@example.edu');
  });

  it('refuses a verified domain the sender is not at, or without a sender', () => {
    expect(() => synth({ sesFromAddress: 'admissions@example.edu', sesRegion: 'eu-west-1', sesVerifiedDomain: 'other.edu' })).toThrow(
      /sesVerifiedDomain \(other\.edu\)/,
    );
    expect(() => synth({ sesVerifiedDomain: 'example.edu' })).toThrow(/give sesFromAddress too/);
  });

  it('without a fixed region, a sender without sesRegion stops the synth saying what to add', () => {
    expect(() => synth({ sesFromAddress: 'admissions@example.edu' })).toThrow(/-c sesRegion=/);
    // With the region known (credentials at synth), the stack's own region is Cognito's.
    const email = pool(
      synth({ sesFromAddress: 'admissions@example.edu', waf: 'off' }, { env: { account: '123456789012', region: 'eu-west-1' } }),
    ).EmailConfiguration;
    expect(JSON.stringify(email.SourceArn)).toContain(':ses:eu-west-1:');
  });

  it("warns when Cognito's own mailer (50 a day) would send, and that an SES account starts in the sandbox", () => {
    Annotations.fromStack(synth().stack).hasWarning('/Admissions/Auth', Match.stringLikeRegexp('50 e-mails a day'));
    const withSes = synth({ sesFromAddress: 'admissions@example.edu', sesRegion: 'eu-west-1' }).stack;
    Annotations.fromStack(withSes).hasWarning('/Admissions/Auth', Match.stringLikeRegexp('sandbox.*aws sesv2 get-account --region eu-west-1'));
    expect(Annotations.fromStack(withSes).findWarning('/Admissions/Auth', Match.stringLikeRegexp('50 e-mails'))).toEqual([]);
  });
});
