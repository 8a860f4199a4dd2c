/**
 * The pointers of recommendation links (`rectoken#<hash>`, each naming the applicant and the
 * recommendation) against the applicant's erasure: the recommendations' own use-cases run over
 * the erasure's world (the store keyed and ordered as the adapter), so whatever pointer they
 * leave is what an erasure would have to find. None may outlive it: not those of links dropped
 * before the erasure (cancelled, expired, withdrawn, beyond the live ceiling), not one a reminder
 * adds while the erasure runs, not those of an invitation written while it runs.
 */
import { describe, expect, it } from 'vitest';
import { Unauthorized } from '../errors';
import type { ErasurePorts } from '../ports/erasure';
import type { RecommendationRecord, RecommendationStore } from '../ports/recommendations';
import { inviteRecommender, remindRecommender, cancelRecommendation } from '../recommendations/applicant';
import { MemoryApplicants, MemoryLimiter, MemoryOutbox } from '../recommendations/memory.test-support';
import { readRecommendationRequest } from '../recommendations/recommender';
import { DAY_MS, RECOMMENDATION_LIMITS, hashToken } from '../recommendations/rules';
import { sweepRecommendations } from '../recommendations/sweep';
import { eraseApplicant } from './erasure';
import { MemoryWorld, SUB, deferred, lockstep, schedules, stepped, worldRecommendations } from './memory.test-support';

const T0 = new Date('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);
const ME = 'ada@example.edu';
const INVITATION = { role: 'counselor', firstName: 'Grace', lastName: 'Hopper', email: 'grace@school.org' } as const;

/**
 * An applicant who may invite (the waiver answered, names fit for an e-mail), with an answers
 * item, a status item and a session, and nothing else: few erasure calls for the races to walk.
 */
function setup(store: (world: MemoryWorld) => RecommendationStore = (world) => worldRecommendations(world)) {
  const world = new MemoryWorld();
  world.identities.add(SUB);
  world.put('answers', { pk: SUB, sk: 'answers', a_first_name: 'Ada' });
  world.put('status', { pk: SUB, sk: 'status', web_status: ['ACCOUNT_CREATED'] });
  world.put('status', { pk: SUB, sk: 'session', revoked: [] });
  const outbox = new MemoryOutbox();
  const limits = new MemoryLimiter();
  const ports = {
    store: store(world),
    limits,
    slots: new MemoryApplicants({ counselor_waiver_request: 'Y', first_name: 'Ada', last_name: 'Lovelace', hs_name: 'Central High' }),
    sendMail: outbox.send,
    alarm: { siteCapReached: () => undefined },
    origin: 'https://apply.example.edu',
    sessionClosed: (sub: string) => world.latePorts().sessionClosed(sub),
  };
  return { world, outbox, ports: { ...ports, readAnswers: ports.slots.readAnswers } };
}

const tokenPointers = (world: MemoryWorld) => [...world.tables.status.keys()].filter((k) => k.startsWith('rectoken#'));
const recordOf = (world: MemoryWorld) => [...world.tables.status.values()].map((i) => i.rec as RecommendationRecord | undefined).find((r) => r !== undefined);

describe('links dropped before the erasure', () => {
  const dropped: Array<[string, (s: ReturnType<typeof setup>) => Promise<void>]> = [
    [
      'cancelled by the applicant',
      async (s) => {
        const item = await inviteRecommender(s.ports, SUB, ME, { ...INVITATION }, T0);
        await cancelRecommendation(s.ports, SUB, item.id, at(1));
      },
    ],
    [
      'expired by the sweep',
      async (s) => {
        await inviteRecommender(s.ports, SUB, ME, { ...INVITATION }, T0);
        const swept = await sweepRecommendations(s.ports, at(RECOMMENDATION_LIMITS.linkDays + 1));
        expect(swept.expired).toHaveLength(1);
      },
    ],
    [
      'withdrawn when the invitation could not be mailed',
      async (s) => {
        const failing = { ...s.ports, sendMail: () => Promise.reject(new Error('SES is unavailable')) };
        await expect(inviteRecommender(failing, SUB, ME, { ...INVITATION }, T0)).rejects.toThrow('SES');
      },
    ],
    [
      'beyond the live ceiling after reminders',
      async (s) => {
        const item = await inviteRecommender(s.ports, SUB, ME, { ...INVITATION }, T0);
        for (let n = 1; n <= 6; n++) await remindRecommender(s.ports, SUB, item.id, at(3 * n));
      },
    ],
  ];

  for (const [how, drop] of dropped) {
    it(`${how}: the link no longer opens, and the erasure deletes its pointer all the same`, async () => {
      const s = setup();
      await drop(s);
      const record = recordOf(s.world)!;
      // The gap: a pointer (naming the applicant) for a hash the record no longer lists as live.
      const stale = tokenPointers(s.world).filter((k) => !record.tokenHashes.some((h) => k === `rectoken#${h}|token`));
      expect(stale.length).toBeGreaterThan(0);
      expect(record.issuedTokenHashes).toHaveLength(tokenPointers(s.world).length);
      // A dropped link stays dead: only the hashes the record lists as live open it.
      for (const mail of s.outbox.sent) {
        const token = mail.link?.includes('token=') ? new URL(mail.link).searchParams.get('token') : null;
        if (token && !record.tokenHashes.includes(hashToken(token)))
          await expect(readRecommendationRequest(s.ports, token, '10.0.0.1', at(20))).rejects.toMatchObject({ status: 404 });
      }

      await eraseApplicant(s.world.ports(), SUB, 'applicant');
      expect(s.world.traces(SUB)).toEqual([]);
    });
  }

  it('a record written before issuedTokenHashes was kept: its live links are still found', async () => {
    const s = setup();
    const item = await inviteRecommender(s.ports, SUB, ME, { ...INVITATION }, T0);
    const key = `${SUB}|rec#${item.id}`;
    const { issuedTokenHashes: _issued, ...legacy } = s.world.tables.status.get(key)!.rec as RecommendationRecord;
    s.world.put('status', { ...s.world.tables.status.get(key)!, rec: legacy });
    await eraseApplicant(s.world.ports(), SUB, 'applicant');
    expect(s.world.traces(SUB)).toEqual([]);
  });
});

/**
 * A reminder (reading the record, making its new link findable, writing the record) with each of
 * its three steps held until just before the erasure's call number slots[step] (the number of
 * calls: after the erasure ended), as the letter conversion's race in erasure.test.ts.
 */
async function remindDuringErasure(slots: readonly number[], erasurePorts: (world: MemoryWorld) => ErasurePorts = (w) => w.ports()) {
  const steps = ['read', 'pointer', 'record'];
  const lock = lockstep(slots);
  let gated = false;
  const gate = (name: string) => {
    const step = steps.indexOf(name);
    // A refused write's take-back follows its write at once (it is the same call of the store).
    return gated && step >= 0 ? lock.gate(step) : Promise.resolve();
  };
  const s = setup((world) => worldRecommendations(world, gate));
  const item = await inviteRecommender(s.ports, SUB, ME, { ...INVITATION }, T0);
  gated = true;
  const reminder = remindRecommender(s.ports, SUB, item.id, at(3)).then(
    () => 'reminded',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  lock.follow(reminder);
  await eraseApplicant(stepped(erasurePorts(s.world), lock.beforeCall), SUB, 'applicant');
  await lock.finish();
  return { world: s.world, outcome: await reminder, calls: lock.calls() };
}

describe('a reminder during the erasure', () => {
  it("leaves no pointer whichever of the erasure's calls each of its steps falls between", async () => {
    const { calls } = await remindDuringErasure([0, 0, 0]);
    expect(calls).toBeGreaterThan(10);
    const failures: string[] = [];
    const outcomes = new Set<string>();
    for (const slots of schedules(calls)) {
      const { world, outcome } = await remindDuringErasure(slots);
      outcomes.add(outcome);
      const left = world.traces(SUB);
      if (left.length) failures.push(`steps before calls ${slots.join(', ')} (${outcome}): ${left.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // Both kinds of run happened: the reminder's write before the record was deleted, and refused after.
    expect([...outcomes].sort()).toEqual(
      ['This recommendation changed meanwhile. Please reload and try again.', 'There is no such recommendation.', 'reminded'].sort(),
    );
  }, 60_000);

  it('a reminder written between the listing and the record delete: deleting the record by key leaves its new pointer', async () => {
    const { calls } = await remindDuringErasure([0, 0, 0]);
    // The erasure as it was: every item deleted by key, whatever its version.
    const byKey = (world: MemoryWorld): ErasurePorts => {
      const ports = world.ports();
      return {
        ...ports,
        tables: {
          ...ports.tables,
          deleteAtVersion: async (table, key) => {
            await ports.tables.deleteItem(table, key);
            return true;
          },
        },
      };
    };
    const gaps: string[] = [];
    // The reminder's new link made findable before the erasure began, its record written before each of the erasure's calls.
    for (let record = 0; record <= calls; record++) {
      const { world } = await remindDuringErasure([0, 0, record], byKey);
      gaps.push(...world.traces(SUB));
    }
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.every((trace) => trace.startsWith('status:rectoken#'))).toBe(true);
  }, 60_000);
});

describe('an invitation during the erasure', () => {
  /**
   * Invites with the invitation's writes (its pointers, its record, its slot, its check) made
   * just before the erasure's call number `writeAt`; the request passed its session check before
   * the erasure began. `unchecked`: the account read open after the writes (the check left out).
   */
  async function inviteDuringErasure(writeAt: number, options: { unchecked?: boolean } = {}) {
    let release: (() => void) | undefined;
    const arrived = deferred();
    const gate = (name: string) => {
      if (name !== 'pointers' || release !== undefined || writeAt < 0) return Promise.resolve();
      return new Promise<void>((go) => {
        release = go;
        arrived.resolve();
      });
    };
    const s = setup((world) => worldRecommendations(world, gate));
    const ports = options.unchecked ? { ...s.ports, sessionClosed: () => Promise.resolve(false) } : s.ports;
    const invitation = inviteRecommender(ports, SUB, ME, { ...INVITATION }, T0).then(
      () => 'invited',
      (error: unknown) => (error instanceof Unauthorized ? 'refused' : String(error)),
    );
    void invitation.finally(() => arrived.resolve());
    let calls = 0;
    const runDue = async (call: number) => {
      await arrived.promise;
      if (release && call >= writeAt) {
        const go = release;
        release = () => undefined;
        go();
        await invitation;
      }
    };
    await eraseApplicant(
      stepped(s.world.ports(), () => runDue(calls++)),
      SUB,
      'applicant',
    );
    await runDue(Number.POSITIVE_INFINITY);
    return { world: s.world, outcome: await invitation, calls, mails: s.outbox.sent.length };
  }

  it("leaves nothing whichever of the erasure's calls its writes fall before; one that wrote after the closure is refused and mails nothing", async () => {
    const { calls } = await inviteDuringErasure(0);
    const failures: string[] = [];
    const outcomes = new Set<string>();
    for (let writeAt = 0; writeAt <= calls; writeAt++) {
      const { world, outcome, mails } = await inviteDuringErasure(writeAt);
      outcomes.add(outcome);
      if (outcome === 'refused' && mails > 0) failures.push(`writes before call ${writeAt}: refused but mailed`);
      const left = world.traces(SUB);
      if (left.length) failures.push(`writes before call ${writeAt} (${outcome}): ${left.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect([...outcomes].sort()).toEqual(['invited', 'refused']);
  });

  it('without the check after its writes, an invitation written after the listing outlives the erasure', async () => {
    const { calls } = await inviteDuringErasure(0);
    const { world, outcome } = await inviteDuringErasure(calls, { unchecked: true });
    expect(outcome).toBe('invited');
    const left = world.traces(SUB);
    expect(left).toContainEqual(expect.stringMatching(/^status:rectoken#/));
    expect(left).toContainEqual(`status:${SUB}|rec#${recordOf(world)!.id}`);
  });
});
