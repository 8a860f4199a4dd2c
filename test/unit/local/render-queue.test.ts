import { describe, expect, it } from 'vitest';
import { LocalRenderQueue } from '#local/render-queue';

/** A render that finishes when the test says so. */
function controllableRenders() {
  const started: string[] = [];
  const finishers = new Map<string, (fail?: Error) => void>();
  const run = (sub: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(sub);
      finishers.set(sub, (fail) => (fail ? reject(fail) : resolve()));
    });
  const finish = async (sub: string, fail?: Error) => {
    finishers.get(sub)!(fail);
    // Let the queue's continuations run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, run, finish };
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A one-at-a-time queue that records failures, with 'a' running and 'b' waiting. */
async function oneRunningOneWaiting() {
  const r = controllableRenders();
  const failures: string[] = [];
  const q = new LocalRenderQueue(r.run, 1, (sub) => failures.push(sub));
  q.add('a');
  q.add('b');
  await tick();
  return { r, q, failures };
}

describe('the local render queue', () => {
  it('runs at most `concurrency` renders at once and starts the next, in order, as one finishes', async () => {
    const r = controllableRenders();
    const q = new LocalRenderQueue(r.run, 2);
    for (const sub of ['a', 'b', 'c', 'd']) q.add(sub);
    await tick();
    expect(r.started).toEqual(['a', 'b']);
    expect({ active: q.active, pending: q.pending }).toEqual({ active: 2, pending: 2 });
    await r.finish('b');
    expect(r.started).toEqual(['a', 'b', 'c']);
    await r.finish('a');
    expect(r.started).toEqual(['a', 'b', 'c', 'd']);
    expect(q.pending).toBe(0);
  });

  it('queues an applicant who is already waiting only once', async () => {
    const r = controllableRenders();
    const q = new LocalRenderQueue(r.run, 1);
    q.add('a');
    q.add('b');
    q.add('b');
    await tick();
    expect(q.pending).toBe(1);
    await r.finish('a');
    await r.finish('b');
    expect(r.started).toEqual(['a', 'b']);
  });

  it('keeps going after a render fails, reporting the failure', async () => {
    const { r, failures } = await oneRunningOneWaiting();
    await r.finish('a', new Error('chromium crashed'));
    expect(failures).toEqual(['a']);
    expect(r.started).toEqual(['a', 'b']);
  });

  it('settles only once every queued render, including ones queued meanwhile, has finished', async () => {
    const r = controllableRenders();
    const q = new LocalRenderQueue(r.run, 1);
    q.add('a');
    q.add('b');
    let settled = false;
    const settling = q.settle().then(() => (settled = true));
    await tick();
    await r.finish('a');
    q.add('c');
    await r.finish('b');
    expect(settled).toBe(false);
    await r.finish('c');
    await settling;
    expect(settled).toBe(true);
  });

  it('once closed (the stack stopping), drops waiting renders, starts no new ones and reports no failures', async () => {
    const { r, q, failures } = await oneRunningOneWaiting();
    q.close();
    q.add('c');
    expect(q.pending).toBe(0);
    await r.finish('a', new Error('the event runtime stopped'));
    expect(r.started).toEqual(['a']);
    expect(failures).toEqual([]);
  });
});
