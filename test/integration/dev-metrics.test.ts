import { describe, expect, inject, it } from 'vitest';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

interface Metrics {
  routes: Record<string, number[]>;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
}

const metrics = async (): Promise<Metrics> => (await (await fetch(`${baseUrl}/_dev/metrics.json`)).json()) as Metrics;

describe('the local stack’s server-side timings (/_dev/metrics.json, read by npm run bench:load)', () => {
  it('time each route inside the API process and each DynamoDB call, whole and on the wire', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const before = (await metrics()).routes['PUT /api/answer']?.length ?? 0;
    expect((await applicant.put('/api/answer', { first_name: 'Ada' })).status).toBe(200);
    const after = await metrics();
    expect(after.routes['PUT /api/answer']!.length).toBeGreaterThan(before);
    expect(after.routes['PUT /api/answer']!.every((ms) => ms >= 0)).toBe(true);
    const whole = after.routes['(DynamoDB UpdateItemCommand, whole call)'] ?? [];
    const wire = after.routes['(DynamoDB UpdateItemCommand, on the wire)'] ?? [];
    expect(whole.length).toBeGreaterThan(0);
    expect(wire.length).toBe(whole.length);
    expect(after.eventLoopDelayMs.p99).toBeGreaterThanOrEqual(after.eventLoopDelayMs.p50);
  });
});
