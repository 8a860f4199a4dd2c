import type { Logger } from '@aws-lambda-powertools/logger';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDACTED, redactUrlSecrets } from './log-redaction';

let log: Logger;
beforeAll(async () => {
  // Powertools' development mode writes through the global console, which the test can watch;
  // the entry is serialised the same way (one JSON object per line).
  vi.stubEnv('POWERTOOLS_DEV', 'true');
  vi.resetModules();
  ({ log } = await import('./log'));
  vi.unstubAllEnvs();
});

/** What the product's logger writes for one entry. */
function written(entry: () => void): string {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  for (const method of ['error', 'warn', 'info', 'log'] as const) vi.spyOn(console, method).mockImplementation(capture);
  try {
    entry();
  } finally {
    vi.restoreAllMocks();
  }
  return lines.join('\n');
}

describe('URL secrets in log lines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces the values of the token, service token, reset code and address parameters', () => {
    expect(redactUrlSecrets('https://apply.example.edu/service/tmp-pdf?service_token=AbC_123-xyz&retry=1')).toBe(
      `https://apply.example.edu/service/tmp-pdf?service_token=${REDACTED}&retry=1`,
    );
    expect(redactUrlSecrets('GET /?token=s3cr3t-link-token')).toBe(`GET /?token=${REDACTED}`);
    expect(redactUrlSecrets('/reset?username=ann%40example.edu&id=123456')).toBe(`/reset?username=${REDACTED}&id=${REDACTED}`);
    expect(redactUrlSecrets('/api/pdf?retry=1 and a plain token=word')).toBe('/api/pdf?retry=1 and a plain token=word');
  });

  it('keeps a service token out of the line when a navigation error names the URL', () => {
    const token = 'Zq9xL0sERVICEtoken0123456789abcdefGHIJ';
    const error = new Error(`net::ERR_CONNECTION_REFUSED at https://apply.example.edu/service/tmp-pdf?service_token=${token}`);
    const line = written(() => log.error('application PDF failed', { sub: 'sub-1', error, url: `https://x/?token=${token}` }));
    expect(line).toContain('application PDF failed');
    expect(line).toContain('net::ERR_CONNECTION_REFUSED');
    expect(line).not.toContain(token);
    const entry = JSON.parse(line) as { error: { message: string; stack: string }; url: string };
    expect(entry.error.message).toContain(`service_token=${REDACTED}`);
    expect(entry.error.stack).not.toContain(token);
    expect(entry.url).toBe(`https://x/?token=${REDACTED}`);
  });

  it('redacts the message itself', () => {
    expect(written(() => log.warn('loaded /?token=abcdefghijklmnopqrstuvwxyz'))).not.toContain('abcdefghijklmnopqrstuvwxyz');
  });
});
