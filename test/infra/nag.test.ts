import { synth } from './harness';

/**
 * cdk-nag runs as a policy-validation plugin during synthesis: an unacknowledged error fails
 * synthesis. Warnings do not, so the report is checked for those too.
 */
function findings(context: Record<string, string>, env?: { account: string; region: string }): string[] {
  const { app } = synth(context, { nag: true, env });
  const messages: string[] = [];
  const original = console.error;
  // The validation report is printed, not returned; capture it to assert on it.
  console.error = (...args: unknown[]) => void messages.push(args.map(String).join(' '));
  try {
    app.synth({ force: true });
  } catch (e) {
    messages.push((e as Error).message);
  } finally {
    console.error = original;
  }
  return messages.join('\n').match(/Acknowledge with '[^']+'/g) ?? [];
}

describe('cdk-nag AwsSolutions', () => {
  it('has no unacknowledged finding with the default settings', () => {
    expect(findings({})).toEqual([]);
  });

  it("has no unacknowledged finding in us-east-1 (the stack's own web ACL, CloudFront's v2 access logs)", () => {
    expect(findings({}, { account: '123456789012', region: 'us-east-1' })).toEqual([]);
  });

  it('has no unacknowledged finding with a custom domain, SES sender and web ACL', () => {
    expect(
      findings({
        domainName: 'apply.example.edu',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        sesFromAddress: 'admissions@example.edu',
        sesRegion: 'us-east-1',
        webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/apply/abc',
        alarmEmail: 'ops@example.edu',
      }),
    ).toEqual([]);
  });
});
