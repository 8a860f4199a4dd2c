import { readSettings } from '#cdk/settings';

const from = (context: Record<string, string>) => readSettings((key) => context[key]);

describe('deployment parameters', () => {
  it('default to production, the admissions prefix and no custom domain', () => {
    const s = from({});
    expect(s.appEnv).toBe('production');
    expect(s.namePrefix).toBe('admissions');
    expect(s.domainName).toBeUndefined();
    expect(s.webBuildDir.endsWith('web/dist')).toBe(true);
  });

  it('refuse a domain without a certificate and the reverse', () => {
    expect(() => from({ domainName: 'apply.example.edu' })).toThrow(/together/);
    expect(() => from({ certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x' })).toThrow(/together/);
  });

  it('refuse a certificate outside us-east-1, where CloudFront cannot read it', () => {
    expect(() => from({ domainName: 'apply.example.edu', certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' })).toThrow(/us-east-1/);
  });

  it('refuse a name prefix that cannot be part of a bucket name', () => {
    expect(() => from({ namePrefix: 'Admissions_Prod' })).toThrow(/namePrefix/);
  });

  it('refuse an SES sender that is not an e-mail address', () => {
    expect(() => from({ sesFromAddress: 'admissions' })).toThrow(/sesFromAddress/);
  });
});
