/**
 * The synthesized templates, linted: always by our linter over CloudFormation's resource
 * specification from npm (template-lint.ts), and by cfn-lint where it is installed (a Python
 * tool: neither npm nor Debian's packages carry it, so a fresh machine runs the first only;
 * docs/deploy.md). cfn-lint findings are filtered by rule, each with its reason.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { synth, type TemplateFile } from './harness';
import { lintTemplate } from './template-lint';

/** cfn-lint rules whose findings in a CDK template are known and accepted. */
const IGNORED_RULES: Record<string, string> = {
  W3005: 'CDK writes DependsOn entries that an intrinsic reference already implies; harmless.',
  W3045: 'CloudFront standard logging writes to the access-logs bucket through its ACL (LogDeliveryWrite), which CDK sets; a bucket policy cannot replace it.',
};

function lintAll(templates: TemplateFile[]): string[] {
  const byAsset = new Map(templates.map((t) => [path.basename(t.file), t]));
  return templates.flatMap((t) =>
    lintTemplate(t.json, (id) => {
      const asset = t.json.Resources[id]?.Metadata?.['aws:asset:path'] as string | undefined;
      const nested = asset ? byAsset.get(path.basename(asset)) : undefined;
      return nested ? Object.keys(nested.json.Parameters ?? {}) : undefined;
    }).map((f) => `${t.name}: ${f}`),
  );
}

describe('template linter (npm, always)', () => {
  it('finds nothing in any template, with and without the optional settings, with and without a region', () => {
    expect(lintAll(synth().templates)).toEqual([]);
    const full = synth(
      {
        domainName: 'apply.example.edu',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        sesFromAddress: 'admissions@example.edu',
        sesVerifiedDomain: 'example.edu',
        mailFromAddress: 'noreply@example.edu',
        webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/apply/abc',
        alarmEmail: 'ops@example.edu',
        rendererReservedConcurrency: 'auto',
        accountConcurrency: '1000',
      },
      { env: { account: '123456789012', region: 'eu-west-3' } },
    );
    expect(lintAll(full.templates)).toEqual([]);
  });

  it('catches what it is for: an empty identifier, an unknown property, a dangling reference, a missing required property', () => {
    const findings = lintTemplate({
      Resources: {
        Archive: { Type: 'AWS::Events::Archive', Properties: { SourceArn: { 'Fn::GetAtt': ['Bus', 'Arn'] }, KmsKeyIdentifier: '' } },
        Bus: { Type: 'AWS::Events::EventBus', Properties: { Name: 'b', Colour: 'red' } },
        Fn: { Type: 'AWS::Lambda::Function', Properties: { Role: { Ref: 'Nowhere' } }, DependsOn: ['Gone'] },
        Queue: { Type: 'AWS::SQS::Queue', Properties: { QueueName: { 'Fn::GetAtt': ['Bus', 'Colour'] } } },
      },
    });
    expect(findings).toEqual(
      expect.arrayContaining([
        'Archive: KmsKeyIdentifier is an empty string',
        'Bus: AWS::Events::EventBus has no property Colour',
        'Fn: AWS::Lambda::Function requires Code',
        'Fn: DependsOn Gone, which is not in the template',
        '.Resources.Fn.Properties.Role: Ref Nowhere names nothing in the template',
        '.Resources.Queue.Properties.QueueName: AWS::Events::EventBus has no attribute Colour',
      ]),
    );
  });
});

const cfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;

describe.skipIf(!cfnLint)('cfn-lint (where installed)', () => {
  function cfnLintFindings(templates: TemplateFile[], regions: string[]): string[] {
    const args = ['--format', 'parseable', '--ignore-checks', ...Object.keys(IGNORED_RULES), '--regions', ...regions, '--', ...templates.map((t) => t.file)];
    try {
      execFileSync('cfn-lint', args, { encoding: 'utf8' });
      return [];
    } catch (e) {
      return ((e as { stdout?: string }).stdout ?? String(e)).split('\n').filter(Boolean);
    }
  }

  it('finds nothing in the region-less templates, in us-east-1 and eu-west-1', { timeout: 180_000 }, () => {
    expect(cfnLintFindings(synth().templates, ['us-east-1', 'eu-west-1'])).toEqual([]);
  });

  it("finds nothing in a template made for us-east-1 (the stack's own web ACL and CloudFront's v2 access logs)", { timeout: 180_000 }, () => {
    const east = synth({}, { env: { account: '123456789012', region: 'us-east-1' } });
    expect(lintAll(east.templates)).toEqual([]);
    expect(cfnLintFindings(east.templates, ['us-east-1'])).toEqual([]);
  });

  it('finds nothing in a template made for a region without Amazon Location (eu-west-3)', { timeout: 180_000 }, () => {
    // Outside us-east-1 the stack creates no web ACL of its own (lib/waf.ts).
    expect(cfnLintFindings(synth({ waf: 'off' }, { env: { account: '123456789012', region: 'eu-west-3' } }).templates, ['eu-west-3'])).toEqual([]);
  });
});
