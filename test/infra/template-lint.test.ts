/**
 * The synthesized templates, linted: always by our linter over CloudFormation's resource
 * specification from npm (template-lint.ts), and by cfn-lint where it is installed (a Python
 * tool: neither npm nor Debian's packages carry it, so a fresh machine runs the first only;
 * docs/deploy.md). cfn-lint findings are filtered by rule, each with its reason.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { inject } from 'vitest';
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

/**
 * The three syntheses cfn-lint checks, each with the regions to check it in. One cfn-lint process
 * lints all of them: its start alone is about 5 s of CPU (Python and its schemas), which three
 * runs paid three times. Each template carries its regions in its own cfn-lint metadata (what
 * cfn-lint reads when the command line names none), so each is checked exactly as a run of its own would.
 */
const CFN_LINT_SETS = {
  // The region-less templates, in us-east-1 and eu-west-1.
  regionless: { synth: () => synth(), regions: ['us-east-1', 'eu-west-1'] },
  // Made for us-east-1: the stack's own web ACL and CloudFront's v2 access logs.
  east: { synth: () => synth({}, { env: { account: '123456789012', region: 'us-east-1' } }), regions: ['us-east-1'] },
  // Made for a region without Amazon Location; outside us-east-1 the stack creates no web ACL of its own (lib/waf.ts).
  west3: { synth: () => synth({ waf: 'off' }, { env: { account: '123456789012', region: 'eu-west-3' } }), regions: ['eu-west-3'] },
} as const;
type CfnLintSet = keyof typeof CFN_LINT_SETS;

describe.skipIf(!cfnLint)('cfn-lint (where installed)', () => {
  const findings = new Map<CfnLintSet, string[]>();

  beforeAll(() => {
    const dir = mkdtempSync(path.join(inject('infraOutRoot'), 'cfn-lint-'));
    const files: string[] = [];
    for (const [set, { synth: make, regions }] of Object.entries(CFN_LINT_SETS)) {
      mkdirSync(path.join(dir, set));
      for (const t of make().templates) {
        const file = path.join(dir, set, path.basename(t.file));
        const metadata = { ...(t.json.Metadata ?? {}), 'cfn-lint': { config: { regions } } };
        writeFileSync(file, JSON.stringify({ ...t.json, Metadata: metadata }, null, 1));
        files.push(file);
      }
      findings.set(set as CfnLintSet, []);
    }
    const args = ['--format', 'parseable', '--ignore-checks', ...Object.keys(IGNORED_RULES), '--', ...files];
    let output = '';
    try {
      execFileSync('cfn-lint', args, { encoding: 'utf8' });
    } catch (e) {
      output = (e as { stdout?: string }).stdout || String(e);
    }
    // Each finding names its file, so it goes to the synthesis it came from; anything else (cfn-lint failing to run) to every one.
    for (const line of output.split('\n').filter(Boolean)) {
      const set = path.relative(dir, line).split(path.sep)[0] as CfnLintSet;
      for (const [name, own] of findings) if (name === set || !(set in CFN_LINT_SETS)) own.push(line);
    }
  }, 300_000);

  it('finds nothing in the region-less templates, in us-east-1 and eu-west-1', () => {
    expect(findings.get('regionless')).toEqual([]);
  });

  it("finds nothing in a template made for us-east-1 (the stack's own web ACL and CloudFront's v2 access logs)", () => {
    expect(lintAll(CFN_LINT_SETS.east.synth().templates)).toEqual([]);
    expect(findings.get('east')).toEqual([]);
  });

  it('finds nothing in a template made for a region without Amazon Location (eu-west-3)', () => {
    expect(findings.get('west3')).toEqual([]);
  });
});
