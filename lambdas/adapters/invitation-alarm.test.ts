import { beforeAll, expect, it, vi } from 'vitest';
import { INVITATION_SITE_CAP_METRIC, type InvitationAlarm } from '#domain/ports/recommendations';

let invitationAlarm: InvitationAlarm;
beforeAll(async () => {
  // Powertools' development mode writes through the global console, which the test can watch.
  vi.stubEnv('POWERTOOLS_DEV', 'true');
  vi.resetModules();
  ({ invitationAlarm } = await import('./invitation-alarm'));
  vi.unstubAllEnvs();
});

it('writes the one log line whose `metric` field lib/ counts and alarms on (test/infra/recommendations.test.ts)', () => {
  const lines: string[] = [];
  for (const method of ['error', 'warn', 'info', 'log'] as const)
    vi.spyOn(console, method).mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    invitationAlarm.siteCapReached();
  } finally {
    vi.restoreAllMocks();
  }
  expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
    expect.objectContaining({ level: 'WARN', metric: INVITATION_SITE_CAP_METRIC, message: expect.stringContaining('site-wide daily cap') as string }),
  ]);
});
