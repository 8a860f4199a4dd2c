/**
 * The bundled stack gives each synthesized function the environment its template names, with
 * every CloudFormation reference replaced by the local value of the same variable; a variable
 * it has no local value for stops the start instead of reaching the function unresolved.
 */
import type { SynthesizedFunction } from '#local/bundled/assets';
import { resolveEnvironment } from '#local/bundled/runtime';

const fn = (environment: SynthesizedFunction['environment']): SynthesizedFunction => ({
  name: 'saveAnswers',
  path: 'Admissions/Api/ApplicantApi/RouteSaveAnswers/Resource',
  dir: '/tmp/x',
  file: '/tmp/x/index.mjs',
  exportName: 'handler',
  memoryMb: 512,
  timeoutSeconds: 15,
  environment,
});

describe("a synthesized function's environment, locally", () => {
  it('keeps plain values, replaces references by the local value of the same variable', () => {
    const env = resolveEnvironment(
      fn({
        APP_ENV: 'production',
        ANSWERS_TABLE: { Ref: 'DataAnswers1234' },
        PUBLIC_ORIGIN: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': ['Site', 'DomainName'] }]] },
      }),
      {
        ANSWERS_TABLE: 'answers',
        PUBLIC_ORIGIN: 'http://localhost:4000',
      },
    );
    expect(env).toEqual({ APP_ENV: 'production', ANSWERS_TABLE: 'answers', PUBLIC_ORIGIN: 'http://localhost:4000' });
  });

  it('drops what only makes sense in AWS (NODE_OPTIONS for the whole process, the Amazon Location index)', () => {
    expect(resolveEnvironment(fn({ NODE_OPTIONS: '--enable-source-maps', LOOKUP_PLACE_INDEX: 'admissions-addresses' }), {})).toEqual({});
  });

  it('refuses a reference it has no local value for, naming the variable', () => {
    expect(() => resolveEnvironment(fn({ NEW_QUEUE_URL: { Ref: 'Queue' } }), {})).toThrow(/NEW_QUEUE_URL/);
  });
});
