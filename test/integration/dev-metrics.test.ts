import { describe, expect, inject, it } from 'vitest';
import type { RequestTrace } from '#local/metrics';
import { ApiClient, lightRequestTimes, registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

interface Metrics {
  routes: Record<string, number[]>;
  traces: RequestTrace[];
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

  it('time a request the load benchmark traces by its id, on the same clock as the client', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const light = new ApiClient(baseUrl, { light: true });
    for (const [name, value] of applicant.jar) light.jar.set(name, value);
    const known = new Set(lightRequestTimes.keys());
    expect((await light.put('/api/answer', { first_name: 'Grace' })).status).toBe(200);
    const [id, client] = [...lightRequestTimes].find(([key]) => !known.has(key))!;
    const trace = (await metrics()).traces.find((t) => t.id === id);
    expect(trace).toMatchObject({ route: 'PUT /api/answer' });
    // Both clocks are performance.timeOrigin-based wall time: the stack's interval lies within
    // the client's, give or take the clocks' difference.
    expect(trace!.arrivedAt).toBeGreaterThan(client.startedAt - 5);
    expect(trace!.doneAt).toBeGreaterThanOrEqual(trace!.arrivedAt);
    expect(trace!.doneAt).toBeLessThan(client.endedAt! + 5);
  });

  it('do not trace requests without the header', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const before = (await metrics()).traces.length;
    expect((await applicant.put('/api/answer', { first_name: 'Ada' })).status).toBe(200);
    expect((await metrics()).traces.length).toBe(before);
  });
});
