/**
 * The stack's throttles and the renderer's and converter's reserved concurrency follow the deadline-day model
 * (docs/capacity.md) and change with its inputs, given as CDK context.
 */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { deriveLimits, RENDERER_RESERVATION_FLOOR } from '#cdk/capacity';
import { readSettings } from '#cdk/settings';
import { routes } from '#lambdas/routes';
import { synth } from './harness';
import type { Json } from './template';

function stageOf(context: Record<string, string> = {}): Json {
  const { template } = synth(context);
  const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as Json[];
  return stages[0]!.Properties;
}

function converter(context: Record<string, string> = {}): Json {
  const { template, stack } = synth(context);
  const id = stack.getLogicalId(stack.documents.converter.node.defaultChild as never);
  return template.toJSON().Resources[id].Properties;
}

function renderer(context: Record<string, string> = {}): Json {
  const { template, stack } = synth(context);
  const id = stack.getLogicalId(stack.renderer.fn.node.defaultChild as never);
  return template.toJSON().Resources[id].Properties;
}

describe('the deadline-day model', () => {
  it('at the Common App peak (17.4 submissions/s) allows 1,000 requests/s, well above the old 100', () => {
    const limits = deriveLimits({ peakSubmissionsPerSecond: 17.4, sesSendRate: 14, accountConcurrency: 1000 });
    expect(limits.stage).toEqual({ rateLimit: 1000, burstLimit: 2000 });
    expect(limits.rendererReservedConcurrency).toBe(105);
    expect(limits.concurrencyAlarmAt).toBe(800);
  });

  it('keeps the mail-sending routes within the SES sending rate together', () => {
    const limits = deriveLimits({ peakSubmissionsPerSecond: 17.4, sesSendRate: 14, accountConcurrency: 1000 });
    const mailing = (['signUp', 'resendConfirmation', 'forgotPassword'] as const).map((r) => limits.routes[r]!.rateLimit);
    expect(mailing.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(14);
    expect(mailing.every((r) => r >= 1)).toBe(true);
  });

  it('names only routes that exist', () => {
    const limits = deriveLimits({ peakSubmissionsPerSecond: 1, sesSendRate: 1, accountConcurrency: 1000 });
    for (const name of Object.keys(limits.routes)) expect(routes.map((r) => r.name)).toContain(name);
  });
});

describe('the stack under the model', () => {
  it('throttles the stage and the Cognito-bound routes as derived', () => {
    const stage = stageOf();
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
    expect(stage.RouteSettings['POST /public/signup']).toMatchObject({ ThrottlingRateLimit: 9 });
    expect(stage.RouteSettings['POST /public/login'].ThrottlingRateLimit).toBeLessThan(120);
  });

  it('follows the context an institution sets', () => {
    const stage = stageOf({ peakSubmissionsPerSecond: '2', sesSendRate: '50' });
    expect(stage.DefaultRouteSettings.ThrottlingRateLimit).toBe(200);
    expect(stage.RouteSettings['POST /public/signup'].ThrottlingRateLimit).toBe(20);
    expect(renderer({ peakSubmissionsPerSecond: '2', rendererReservedConcurrency: 'auto', accountConcurrency: '1000' }).ReservedConcurrentExecutions).toBe(12);
  });
});

describe("the renderer's reserved concurrency", () => {
  const reserve = { rendererReservedConcurrency: 'auto', accountConcurrency: '1000' };

  it('is off by default, so an account with a small quota (new accounts may have 10) can deploy, and synth says what reserving needs and how to check', () => {
    const { stack, template } = synth();
    const id = stack.getLogicalId(stack.renderer.fn.node.defaultChild as never);
    expect(template.toJSON().Resources[id].Properties.ReservedConcurrentExecutions).toBeUndefined();
    for (const [, fn] of Object.entries<Json>(template.findResources('AWS::Lambda::Function')))
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    Annotations.fromStack(stack).hasInfo(
      '/Admissions/Renderer',
      Match.stringLikeRegexp('no reserved concurrency.*at least 205.*aws lambda get-account-settings.*rendererReservedConcurrency=auto'),
    );
  });

  it('when asked for, follows the model and says what it reserves of which quota', () => {
    const { stack } = synth(reserve);
    expect(renderer(reserve).ReservedConcurrentExecutions).toBe(105);
    Annotations.fromStack(stack).hasInfo('/Admissions/Renderer', Match.stringLikeRegexp('reserves 105 of the account.s 1000'));
    expect(renderer({ rendererReservedConcurrency: '40', accountConcurrency: '1000' }).ReservedConcurrentExecutions).toBe(40);
  });

  it('never goes below its floor', () => {
    expect(renderer({ ...reserve, peakSubmissionsPerSecond: '0.5' }).ReservedConcurrentExecutions).toBe(RENDERER_RESERVATION_FLOOR);
    expect(() => synth({ rendererReservedConcurrency: '3', accountConcurrency: '1000' })).toThrow(/at least 10/);
  });

  it('needs the quota someone looked up, and refuses one the account cannot give, naming the way out', () => {
    expect(() => synth({ rendererReservedConcurrency: 'auto' })).toThrow(/accountConcurrency=<quota>.*get-account-settings/);
    expect(() => synth({ rendererReservedConcurrency: 'auto', accountConcurrency: '150' })).toThrow(
      /105 of the account's 150.*rendererReservedConcurrency=off/,
    );
    expect(() => synth({ rendererReservedConcurrency: 'many' })).toThrow(/off, auto or a whole number/);
  });
});

describe("the converter's reserved concurrency (issue 42, item 6: a flood of letters cannot starve the renders)", () => {
  const both = { rendererReservedConcurrency: 'auto', converterReservedConcurrency: 'auto', accountConcurrency: '1000' };

  it('is off by default like the renderer\u2019s, and synth says what reserving needs beside the renderer\u2019s', () => {
    expect(converter().ReservedConcurrentExecutions).toBeUndefined();
    const { stack } = synth({ rendererReservedConcurrency: 'auto', accountConcurrency: '1000' });
    Annotations.fromStack(stack).hasInfo(
      '/Admissions/Documents/Convert',
      Match.stringLikeRegexp('document converter has no reserved concurrency.*reserve 70 .*at least 275.*converterReservedConcurrency=auto'),
    );
  });

  it('when asked for, reserves the model\u2019s figure, which is also its ceiling, and says so', () => {
    expect(deriveLimits({ peakSubmissionsPerSecond: 17.4, sesSendRate: 14, accountConcurrency: 1000 }).converterReservedConcurrency).toBe(70);
    expect(converter(both).ReservedConcurrentExecutions).toBe(70);
    expect(renderer(both).ReservedConcurrentExecutions).toBe(105);
    Annotations.fromStack(synth(both).stack).hasInfo('/Admissions/Documents/Convert', Match.stringLikeRegexp('reserves 70 of the account.s 1000'));
    expect(converter({ converterReservedConcurrency: '25', accountConcurrency: '1000' }).ReservedConcurrentExecutions).toBe(25);
    expect(converter({ ...both, peakSubmissionsPerSecond: '0.5' }).ReservedConcurrentExecutions).toBe(RENDERER_RESERVATION_FLOOR);
  });

  it('must fit the account together with the renderer\u2019s, and needs the quota someone looked up', () => {
    expect(() => synth({ ...both, accountConcurrency: '250' })).toThrow(
      /converter would reserve 70 \(beside the 105 reserved for the renderer\) of the account's 250.*converterReservedConcurrency=off/,
    );
    expect(() => synth({ converterReservedConcurrency: 'auto' })).toThrow(/converterReservedConcurrency needs .*accountConcurrency=<quota>/);
    expect(() => synth({ converterReservedConcurrency: 'lots' })).toThrow(/converterReservedConcurrency must be off, auto or a whole number/);
  });
});

describe('the concurrency alarms', () => {
  it('alarms on renderer and converter throttles and on the account nearing its concurrency quota', () => {
    const { stack, template } = synth();
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Json[];
    const throttled = alarms.filter((a) => a.Properties.MetricName === 'Throttles').map((a) => JSON.stringify(a.Properties.Dimensions));
    for (const fn of [stack.renderer.fn, stack.documents.converter])
      expect(throttled.filter((d) => d.includes(stack.getLogicalId(fn.node.defaultChild as never)))).toHaveLength(1);
    expect(alarms.find((a) => a.Properties.MetricName === 'ConcurrentExecutions')?.Properties.Threshold).toBe(800);
  });

  it('refuses model inputs that are not positive numbers', () => {
    expect(() => readSettings((k) => ({ peakSubmissionsPerSecond: 'many' })[k as 'peakSubmissionsPerSecond'])).toThrow(/peakSubmissionsPerSecond/);
  });
});
