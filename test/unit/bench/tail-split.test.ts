import type { RequestTrace } from '#local/metrics';
import { tailSplit } from '../../../bench/tail-split';

/** A call the client timed from `start` to `end` and the stack from `arrived` to `done`. */
function call(id: string, route: string, start: number, arrived: number, done: number, end: number) {
  return { trace: { id, route, arrivedAt: arrived, doneAt: done } satisfies RequestTrace, times: [id, { startedAt: start, endedAt: end }] as const };
}

describe('tailSplit', () => {
  // 200 quick saves and two slow ones: the slowest 1 % of 202 calls is the slowest three.
  const quick = Array.from({ length: 200 }, (_, i) => call(`q${i}`, 'PUT /api/answer', 0, 1, 6, 7));
  const slow = [call('s1', 'PUT /api/answer', 0, 60, 100, 101), call('s2', 'PUT /api/answer', 0, 10, 80, 90)];
  const other = call('o1', 'GET /api/pdf', 0, 300, 301, 302);
  const all = [...quick, ...slow, other];
  const traces = all.map((c) => c.trace);
  const times = new Map<string, { startedAt: number; endedAt?: number }>(all.map((c) => c.times));

  it('splits the slowest 1 % of one route into before, inside and after the API process', () => {
    expect(tailSplit(traces, times, 'PUT /api/answer')).toEqual({
      n: 3,
      fromMs: 7,
      toMs: 101,
      beforeMs: (60 + 10 + 1) / 3,
      insideMs: (40 + 70 + 5) / 3,
      afterMs: (1 + 10 + 1) / 3,
    });
  });

  it('takes every route when none is named', () => {
    expect(tailSplit(traces, times)).toMatchObject({ n: 3, fromMs: 90, toMs: 302 });
  });

  it('leaves out calls the client never finished or never sent, and reports nothing without calls', () => {
    const unfinished = new Map(times).set('s1', { startedAt: 0 });
    expect(tailSplit(traces, unfinished, 'PUT /api/answer')).toMatchObject({ toMs: 90 });
    expect(tailSplit(traces, new Map(), 'PUT /api/answer')).toBeUndefined();
  });
});
