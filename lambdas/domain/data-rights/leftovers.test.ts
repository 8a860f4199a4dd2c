/**
 * The retention sweep's pass over accounts erased lately: what a late writer killed between its
 * write and its check left is removed by the next daily sweep once no late writer can still be
 * running, with the erasure's own listing and deletion (the in-memory world of erasure.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { SESSION_ITEM_SK, erasureMarkerKey } from '../ports/keys';
import type { AccountActivity } from '../ports/retention';
import { MemoryRetention } from '../retention/memory.test-support';
import { nothingDone, sweepRetention, type RetentionResult, type SweepOptions } from '../retention/sweep';
import { eraseApplicant } from './erasure';
import { CLOSED_SESSION_KEPT_SECONDS, LEFTOVERS_DELAY_MS } from './late-writes';
import { removeLeftovers } from './leftovers';
import { MemoryWorld, OTHER, REC, SUB, applicant } from './memory.test-support';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const none = nothingDone();

/**
 * A sweep over the world: its activity as the adapter's Scan reads it (closed session records
 * included), an identity for each applicant not erased (signed up just now, so none is due), its
 * leftovers pass the real one.
 */
function sweep(world: MemoryWorld, now: Date, options: SweepOptions = {}): Promise<RetentionResult> {
  const m = new MemoryRetention();
  m.removeLeftovers = (sub, dryRun) => removeLeftovers(world.ports(), sub, { dryRun });
  for (const item of world.tables.status.values()) {
    if (item.sk === SESSION_ITEM_SK && typeof item.closedAt !== 'number') m.addAccount(item.pk, now.toISOString());
  }
  const ports = m.ports();
  ports.records.listActivity = async function* () {
    for (const item of world.tables.status.values()) {
      if (item.sk !== SESSION_ITEM_SK) continue;
      const a: AccountActivity = { sub: item.pk };
      if (typeof item.closedAt === 'number') a.closedAt = new Date(item.closedAt * 1000).toISOString();
      yield a;
    }
  };
  return sweepRetention(ports, now, options);
}

/** An applicant erased, then what a conversion and a render killed before their checks stored: a converted PDF and its item, the application PDF and its state. */
async function erasedWithLeftovers(): Promise<{ world: MemoryWorld; closedAt: Date; othersBefore: string[] }> {
  const world = new MemoryWorld();
  applicant(world, SUB, { submitted: true, rec: REC });
  applicant(world, OTHER, { submitted: true });
  const othersBefore = world.traces(OTHER);
  await eraseApplicant(world.ports(), SUB, 'applicant');
  expect(world.traces(SUB)).toEqual([]);
  world.buckets.documents.add(`converted/${SUB}/resume/2.pdf`);
  world.put('answers', { pk: SUB, sk: 'document#resume', converted_key: `converted/${SUB}/resume/2.pdf`, status: 'CONVERTED' });
  world.buckets.documents.add(`applications/${SUB}/application.pdf`);
  world.put('answers', { pk: SUB, sk: 'pdf', state: 'READY' });
  return { world, closedAt: world.ports().now(), othersBefore };
}

const closedRecord = (world: MemoryWorld) => world.tables.status.get(`${SUB}|${SESSION_ITEM_SK}`);

describe('the leftovers of an erased account (the retention sweep)', () => {
  it('removes the next day what a killed late writer stored after the erasure finished, keeps the closed session record, and touches nothing of another applicant', async () => {
    const { world, closedAt, othersBefore } = await erasedWithLeftovers();
    const record = closedRecord(world);
    const told: Array<[string, number]> = [];

    expect(await sweep(world, new Date(closedAt.getTime() + DAY_MS), { onLeftovers: (sub, removed) => told.push([sub, removed]) })).toEqual({
      ...none,
      leftoversRemoved: 4,
    });

    expect(world.traces(SUB)).toEqual([]);
    expect(world.closedSession(SUB)).toBeDefined();
    expect(closedRecord(world)).toBe(record);
    expect(world.traces(OTHER)).toEqual(othersBefore);
    expect(told).toEqual([[SUB, 4]]);
  });

  it('leaves a closure younger than the delay for a later sweep: a late writer may still be running', async () => {
    const { world, closedAt } = await erasedWithLeftovers();
    const leftovers = world.traces(SUB);
    expect(leftovers).toHaveLength(4);

    expect(await sweep(world, new Date(closedAt.getTime() + LEFTOVERS_DELAY_MS - 1000))).toEqual(none);
    expect(world.traces(SUB)).toEqual(leftovers);
    expect(await sweep(world, new Date(closedAt.getTime() + LEFTOVERS_DELAY_MS))).toEqual({ ...none, leftoversRemoved: 4 });
    expect(world.traces(SUB)).toEqual([]);
  });

  it('in a dry run counts the leftovers and removes nothing', async () => {
    const { world, closedAt } = await erasedWithLeftovers();
    const before =
      JSON.stringify(
        [...Object.values(world.tables)].map((t) => [...t]),
        null,
        0,
      ) + JSON.stringify(Object.values(world.buckets).map((b) => [...b]));
    const told: Array<[string, number]> = [];

    expect(await sweep(world, new Date(closedAt.getTime() + DAY_MS), { dryRun: true, onLeftovers: (sub, removed) => told.push([sub, removed]) })).toEqual({
      ...none,
      dryRun: true,
      leftoversRemoved: 4,
    });

    expect(
      JSON.stringify(
        [...Object.values(world.tables)].map((t) => [...t]),
        null,
        0,
      ) + JSON.stringify(Object.values(world.buckets).map((b) => [...b])),
    ).toBe(before);
    expect(told).toEqual([[SUB, 4]]);
  });

  it('finds nothing on a second sweep, nor after an erasure nothing wrote after', async () => {
    const { world, closedAt } = await erasedWithLeftovers();
    const next = new Date(closedAt.getTime() + DAY_MS);
    expect(await sweep(world, next)).toEqual({ ...none, leftoversRemoved: 4 });
    expect(await sweep(world, new Date(next.getTime() + DAY_MS))).toEqual(none);

    const clean = new MemoryWorld();
    applicant(clean, SUB);
    await eraseApplicant(clean.ports(), SUB, 'applicant');
    expect(await sweep(clean, next)).toEqual(none);
  });

  it('leaves an erasure still under way to that erasure: its marker stays for its next run', async () => {
    const { world, closedAt } = await erasedWithLeftovers();
    world.put('status', { ...erasureMarkerKey(SUB), sub: SUB, cause: 'applicant', startedAt: closedAt.toISOString() });

    expect(await sweep(world, new Date(closedAt.getTime() + DAY_MS))).toEqual(none);
    expect(world.traces(SUB)).toHaveLength(5);

    await eraseApplicant(world.ports(), SUB, 'applicant');
    expect(world.traces(SUB)).toEqual([]);
  });

  it('counts a pass that fails as failed, for the next day, and goes on with the others', async () => {
    const { world, closedAt } = await erasedWithLeftovers();
    // The first deletion goes through, the second fails.
    world.faultAfter = 1;
    const result = await sweep(world, new Date(closedAt.getTime() + DAY_MS));
    expect(result).toMatchObject({ failed: 1 });
    expect(await sweep(world, new Date(closedAt.getTime() + 2 * DAY_MS))).toEqual({ ...none, leftoversRemoved: 3 });
    expect(world.traces(SUB)).toEqual([]);
  });
});

describe('a recommender\u2019s letter a conversion killed before its check stored after the erasure (and its original)', () => {
  const OTHER_REC = 'bbbbbbbb-cccc-dddd-eeee-ffffffffffff';
  // The conversion's PDF (letterPdfKey), stored once the erasure had deleted the recommendation's
  // records, and its original, posted with a form issued before the erasure (uploads bucket).
  const ORIGINAL = `recommendations/${REC}/0123456789ab-0123456789abcdef0123`;
  const LETTER = `${ORIGINAL}.pdf`;
  const othersLetters = (world: MemoryWorld) => [...world.buckets.documents].filter((k) => k.includes(OTHER_REC));
  /** Items that name the recommendation's id, the closed session record aside. */
  const naming = (world: MemoryWorld, id: string) =>
    [...world.tables.status.values()].filter((i) => i !== world.closedSession(SUB) && JSON.stringify(i).includes(id));

  async function erasedWithLetter(): Promise<{ world: MemoryWorld; closedAt: Date }> {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true, rec: REC });
    applicant(world, OTHER, { submitted: true, rec: OTHER_REC });
    await eraseApplicant(world.ports(), SUB, 'applicant');
    expect(world.traces(SUB)).toEqual([]);
    world.buckets.uploads.add(ORIGINAL);
    world.buckets.documents.add(LETTER);
    // Nothing but the closed record ties the id to the applicant now.
    expect(naming(world, REC)).toEqual([]);
    return { world, closedAt: world.ports().now() };
  }

  it('the erasure keeps the recommendations\u2019 ids on the closed session record, and nothing else of them', async () => {
    const { world, closedAt } = await erasedWithLetter();
    const at = Math.floor(closedAt.getTime() / 1000);
    expect(world.closedSession(SUB)).toEqual({
      pk: SUB,
      sk: SESSION_ITEM_SK,
      closedAt: at,
      signedOutAt: at + 1,
      revoked: [],
      expiresAt: at + CLOSED_SESSION_KEPT_SECONDS,
      recommendations: [REC],
    });
  });

  it('is removed by the next sweep past the delay, by the id the closed record kept; another applicant\u2019s letters are untouched', async () => {
    const { world, closedAt } = await erasedWithLetter();
    const others = othersLetters(world);
    expect(others).toEqual([`recommendations/${OTHER_REC}/1.pdf`]);

    expect(await sweep(world, new Date(closedAt.getTime() + LEFTOVERS_DELAY_MS - 1000))).toEqual(none);
    expect(world.buckets.documents.has(LETTER)).toBe(true);
    expect(await sweep(world, new Date(closedAt.getTime() + DAY_MS))).toEqual({ ...none, leftoversRemoved: 2 });

    expect(world.traces(SUB)).toEqual([]);
    expect(othersLetters(world)).toEqual(others);
    expect(world.closedSession(SUB)?.recommendations).toEqual([REC]);
    expect(await sweep(world, new Date(closedAt.getTime() + 2 * DAY_MS))).toEqual(none);
  });

  it('in a dry run is counted and stays', async () => {
    const { world, closedAt } = await erasedWithLetter();
    expect(await sweep(world, new Date(closedAt.getTime() + DAY_MS), { dryRun: true })).toEqual({ ...none, dryRun: true, leftoversRemoved: 2 });
    expect(world.traces(SUB).sort()).toEqual([`documents:${LETTER}`, `uploads:${ORIGINAL}`]);
  });

  it('is found after an erasure stopped once it had deleted the recommendation\u2019s records and a second run finished it', async () => {
    const world = new MemoryWorld();
    applicant(world, SUB, { submitted: true, rec: REC });
    // Objects, pointers, the answers and status partitions go through; the tabs item fails.
    world.faultAfter = 15;
    await expect(eraseApplicant(world.ports(), SUB, 'applicant')).rejects.toThrow('injected fault');
    expect(world.tables.status.has(`${SUB}|rec#${REC}`)).toBe(false);
    expect(world.tables.tabs.size).toBe(1);

    // The second run lists no recommendation: its closure keeps the id the first run kept.
    await expect(eraseApplicant(world.ports(), SUB, 'applicant')).resolves.toMatchObject({ resumed: true });
    world.buckets.documents.add(LETTER);
    expect(world.closedSession(SUB)?.recommendations).toEqual([REC]);

    expect(await sweep(world, new Date(world.ports().now().getTime() + DAY_MS))).toEqual({ ...none, leftoversRemoved: 1 });
    expect(world.traces(SUB)).toEqual([]);
  });
});

describe('how long the closed session record is kept', () => {
  it('lets at least two daily sweeps (05:00 UTC) see it once the delay has passed, whenever in the day the account was closed', () => {
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const closedAt = Date.UTC(2026, 10, 25, 0, minute);
      const expiresAt = closedAt + CLOSED_SESSION_KEPT_SECONDS * 1000;
      const sweeps = [0, 1, 2, 3].map((d) => Date.UTC(2026, 10, 25 + d, 5)).filter((at) => at - closedAt >= LEFTOVERS_DELAY_MS && at < expiresAt);
      expect(sweeps.length, new Date(closedAt).toISOString()).toBeGreaterThanOrEqual(2);
    }
  });
});
