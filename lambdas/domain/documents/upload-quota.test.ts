import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../errors';
import type { UploadQuota } from '../ports/documents';
import { dailyLimitMessage, durationInWords, takeDailyUpload, utcDay } from './upload-quota';

/** The counter as a map, with the same conditional count. */
function memoryQuota(): UploadQuota & { counts: Map<string, { count: number; expiresAt: number }> } {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  return {
    counts,
    takeUpload(sub, day, max, expiresAt) {
      const key = `${sub}/${day}`;
      const count = counts.get(key)?.count ?? 0;
      if (count >= max) return Promise.resolve(false);
      counts.set(key, { count: count + 1, expiresAt });
      return Promise.resolve(true);
    },
  };
}

describe('the daily upload bound', () => {
  it('says in words how long until uploading works again', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(durationInWords(at('2026-03-01T20:48:00Z'), at('2026-03-02T00:00:00Z'))).toBe('3 hours and 12 minutes');
    expect(durationInWords(at('2026-03-01T23:00:00Z'), at('2026-03-02T00:00:00Z'))).toBe('1 hour');
    expect(durationInWords(at('2026-03-01T23:15:00Z'), at('2026-03-02T00:00:00Z'))).toBe('45 minutes');
    expect(durationInWords(at('2026-03-01T23:59:30Z'), at('2026-03-02T00:00:00Z'))).toBe('less than a minute');
    expect(dailyLimitMessage(50, new Date('2026-03-01T22:58:59Z'))).toBe(
      "You have reached today's limit of 50 uploads. You can upload again after midnight UTC, in 1 hour and 2 minutes.",
    );
  });

  it('counts per applicant and UTC day, refuses past the bound with 429, and starts again the next day', async () => {
    const quota = memoryQuota();
    const evening = new Date('2026-03-01T23:30:00Z');
    for (let i = 0; i < 3; i++) await takeDailyUpload(quota, 'ada', 3, evening);
    const refusal = await takeDailyUpload(quota, 'ada', 3, evening).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as Error).message).toContain('in 30 minutes');
    await takeDailyUpload(quota, 'grace', 3, evening);
    await takeDailyUpload(quota, 'ada', 3, new Date('2026-03-02T00:00:01Z'));
    expect(utcDay(evening)).toBe('2026-03-01');
    // Kept a day past its own day, then removed by the table's TTL.
    expect(quota.counts.get('ada/2026-03-01')?.expiresAt).toBe(Date.parse('2026-03-03T00:00:00Z') / 1000);
  });
});
