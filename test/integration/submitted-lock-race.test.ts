/**
 * The submitted lock is exact for everything the printed application is made of: tabs,
 * add-another counts and upload grants written in the same instant as the submit either land
 * before the submit answers or are refused, never after it. This file runs its own stack in
 * its own worker, with a proxy in front of dynalite that holds back exactly those writes, so
 * that a write sent just before the submit reaches the database after it, every time.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { readUploadGrants } from '#adapters/upload-grants';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { stackBehindFaultyProxy } from '../support/proxied-stack';

const proxied = stackBehindFaultyProxy('lock-race');

/** Writes of a tab, a count or an upload grant name their item; reads by prefix do not. */
const LOCKED_WRITES = /"(tab|add|upload)#[a-z0-9]/;

const stored = async (sub: string) => {
  const [tabs, counts, grants] = await Promise.all([readTabs(sub), readAddAnother(sub), readUploadGrants(sub)]);
  return { tabs, counts, grants: [...grants].sort() };
};

/** The n-th write of a writer: a tab, a count or an upload grant, with values that change from one to the next. */
function write(a: ApiClient, n: number) {
  if (n % 3 === 0) return a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: n % 2 ? 'counselor' : 'upload' });
  if (n % 3 === 1) return a.put('/api/add-another', { button_id: 'activities', num_components: 1 + (n % 4) });
  return a.post('/api/presigned-url', { answer_key: 'hs_transcript' });
}

/** Writes one after another until told to stop; returns the statuses. */
async function writer(a: ApiClient, offset: number, stop: { now: boolean }): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = offset; !stop.now; n++) statuses.push((await write(a, n)).status);
  return statuses;
}

describe('the submitted lock under a race', () => {
  it('stores nothing written after the submit answers 200: tabs, add-another counts and upload grants', { timeout: 60_000 }, async () => {
    const a = await registeredApplicant(proxied.stack.url);
    expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
    // One of each first, so that every handler module is loaded before the race.
    for (let n = 0; n < 3; n++) expect((await write(a, n)).status).toBe(200);
    proxied.proxy.delay = { match: LOCKED_WRITES, ms: 1000 };
    const stop = { now: false };
    const writers = Array.from({ length: 12 }, (_, i) => writer(a, i, stop));
    await sleep(200);
    const submit = await a.post('/api/submit');
    expect(submit.status).toBe(200);
    proxied.proxy.delay = undefined;
    const atSubmit = await stored(a.subject);
    // Writes still held back, and any sent from now on, must all be refused.
    await sleep(1500);
    stop.now = true;
    const statuses = (await Promise.all(writers)).flat();
    expect(statuses).toContain(409);
    expect(await stored(a.subject)).toEqual(atSubmit);
  });
});
