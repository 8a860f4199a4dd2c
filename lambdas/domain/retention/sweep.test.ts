import { describe, expect, it } from 'vitest';
import { policies } from '#form/institution-policies';
import { MemoryRetention } from './memory.test-support';
import { nothingDone, sweepRetention } from './sweep';

const T0 = '2026-01-10T12:00:00.000Z';
const day = (days: number, from = T0) => new Date(Date.parse(from) + days * 24 * 60 * 60 * 1000);
const iso = (days: number) => day(days).toISOString();
const none = nothingDone();

describe('the retention policy the sweep applies', () => {
  it('is the institution\u2019s configuration', () => {
    expect(new MemoryRetention().ports().policy).toEqual({ unsubmittedDays: 400, submittedDays: 2555, warnDays: 14 });
    expect(policies.retention).toEqual({ unsubmittedDays: 400, submittedDays: 2555, warnDays: 14 });
  });
});

describe('an account never submitted', () => {
  it('is left alone until warnDays before unsubmittedDays have passed since its last sign-in', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    expect(await sweepRetention(m.ports(), day(385))).toEqual(none);
    expect(m.sent).toEqual([]);
    expect(m.writes).toBe(0);
  });

  it('gets one warning naming the date of deletion, never anything it saved, and no second one', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    expect(await sweepRetention(m.ports(), day(386))).toEqual({ ...none, warned: 1 });
    expect(await sweepRetention(m.ports(), day(387))).toEqual(none);
    expect(await sweepRetention(m.ports(), day(399))).toEqual(none);
    expect(m.sent).toHaveLength(1);
    const [mail] = m.sent;
    expect(mail!.to).toBe('ada@example.edu');
    // 400 days after the sign-in is 2027-02-14 (12:00): erased from the first instant of the next day.
    expect(mail!.subject).toBe('Example State University: your application account will be deleted on February 15, 2027');
    expect(mail!.text).toContain('Your application account will be deleted on February 15, 2027: sign in to keep it.');
    expect(mail!.text).toContain('sign in before February 15, 2027: https://apply.example.edu/login');
    expect(mail!.link).toBe('https://apply.example.edu/login');
    expect(m.erased).toEqual([]);
  });

  it('is erased on the date its warning named, through the eraser, as never submitted', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    await sweepRetention(m.ports(), day(386));
    expect(await sweepRetention(m.ports(), new Date('2027-02-14T23:59:59.999Z'))).toEqual(none);
    expect(await sweepRetention(m.ports(), new Date('2027-02-15T00:00:00.000Z'))).toEqual({ ...none, erasedUnsubmitted: 1 });
    expect(m.erased).toEqual([{ sub: 'ada', cause: 'retention-unsubmitted' }]);
    expect(await sweepRetention(m.ports(), day(402))).toEqual(none);
  });

  it('is never erased without warnDays of notice, even when the schedule missed the warning day', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    expect(await sweepRetention(m.ports(), day(420))).toEqual({ ...none, warned: 1 });
    // Warned on 2027-03-06 (12:00): fourteen days of notice end on 2027-03-20 (12:00).
    expect(m.sent[0]!.subject).toContain('March 21, 2027');
    expect(await sweepRetention(m.ports(), day(434))).toEqual(none);
    expect(await sweepRetention(m.ports(), day(435))).toEqual({ ...none, erasedUnsubmitted: 1 });
  });

  it('keeps its account when it signs in after the warning, and is warned afresh after another stretch without sign-in', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    await sweepRetention(m.ports(), day(386));
    m.signIns.set('ada', iso(390));
    expect(await sweepRetention(m.ports(), day(401))).toEqual(none);
    expect(await sweepRetention(m.ports(), day(390 + 385))).toEqual(none);
    expect(await sweepRetention(m.ports(), day(390 + 386))).toEqual({ ...none, warned: 1 });
    expect(m.sent).toHaveLength(2);
    expect(m.erased).toEqual([]);
  });

  it('that never signed in counts from its sign-up', async () => {
    const m = new MemoryRetention();
    m.addAccount('bo', T0);
    expect(await sweepRetention(m.ports(), day(385))).toEqual(none);
    expect(await sweepRetention(m.ports(), day(386))).toEqual({ ...none, warned: 1 });
    expect(await sweepRetention(m.ports(), day(401))).toEqual({ ...none, erasedUnsubmitted: 1 });
  });

  it('that was never confirmed gets no mail (its address was never proven) and is removed unsubmittedDays after sign-up', async () => {
    const m = new MemoryRetention();
    m.addAccount('cy', T0, { confirmed: false });
    expect(await sweepRetention(m.ports(), day(399))).toEqual(none);
    expect(await sweepRetention(m.ports(), day(400))).toEqual({ ...none, erasedUnsubmitted: 1 });
    expect(m.sent).toEqual([]);
  });

  it('without a sign-up date and never signed in is left alone', async () => {
    const m = new MemoryRetention();
    m.addAccount('dee', T0);
    delete m.accounts.get('dee')!.createdAt;
    expect(await sweepRetention(m.ports(), day(3000))).toEqual(none);
  });
});

describe('a submitted application', () => {
  it('is erased submittedDays after its submission, whatever its last sign-in, and never warned as unsubmitted', async () => {
    const m = new MemoryRetention();
    m.addAccount('eve', iso(-10), { signedInAt: iso(-1), submittedAt: T0 });
    expect(await sweepRetention(m.ports(), day(1000))).toEqual(none);
    expect(await sweepRetention(m.ports(), day(2554))).toEqual(none);
    expect(await sweepRetention(m.ports(), new Date(day(2555).getTime() + 1))).toEqual({ ...none, erasedSubmitted: 1 });
    expect(m.erased).toEqual([{ sub: 'eve', cause: 'retention-submitted' }]);
    expect(m.sent).toEqual([]);
  });
});

describe('data whose identity no longer exists', () => {
  /** Ada signed in and saved; then her identity was deleted at the provider directly (a stolen token's DeleteUser, a console click). */
  function orphaned(options: { submittedAt?: string } = {}): MemoryRetention {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0, ...options });
    m.addAccount('bo', iso(-30), { signedInAt: T0 });
    m.accounts.delete('ada');
    return m;
  }

  it('is erased by the next sweep, whatever its last sign-in, through the eraser: no identity means nobody can ever sign in to it or be warned', async () => {
    const m = orphaned();
    expect(await sweepRetention(m.ports(), day(1))).toEqual({ ...none, erasedWithoutIdentity: 1 });
    expect(m.erased).toEqual([{ sub: 'ada', cause: 'retention-orphaned' }]);
    expect(m.signIns.has('ada')).toBe(false);
    expect(m.accounts.has('bo')).toBe(true);
    expect(await sweepRetention(m.ports(), day(2))).toEqual(none);
  });

  it('is counted and left alone in a dry run', async () => {
    const m = orphaned();
    expect(await sweepRetention(m.ports(), day(1), { dryRun: true })).toEqual({ ...none, dryRun: true, erasedWithoutIdentity: 1 });
    expect(m.erased).toEqual([]);
    expect(m.writes).toBe(0);
  });

  it('is kept when submitted: the office keeps it for submittedDays, which the submissions pass applies without any identity', async () => {
    const m = orphaned({ submittedAt: iso(1) });
    expect(await sweepRetention(m.ports(), day(2))).toEqual(none);
    expect(await sweepRetention(m.ports(), new Date(day(2556).getTime() + 1))).toMatchObject({ erasedSubmitted: 1, erasedWithoutIdentity: 0 });
    expect(m.erased).toEqual([{ sub: 'ada', cause: 'retention-submitted' }]);
  });

  it('is erased only once the provider says, account by account, that the identity is gone (a listing may miss an account)', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    m.unlisted.add('ada');
    expect(await sweepRetention(m.ports(), day(1))).toEqual(none);
    expect(m.erased).toEqual([]);
  });

  it('leaves an account erased lately to the leftovers pass (its closed session record is kept on purpose)', async () => {
    const m = new MemoryRetention();
    m.closed.set('gone', iso(-1));
    expect(await sweepRetention(m.ports(), day(0))).toEqual(none);
    expect(m.erased).toEqual([]);
  });
});

describe('one sweep', () => {
  function population(): MemoryRetention {
    const m = new MemoryRetention();
    m.addAccount('due-warning', T0, { signedInAt: T0 });
    m.addAccount('recent', iso(300), { signedInAt: iso(380) });
    m.addAccount('submitted-old', iso(-3000), { signedInAt: iso(-2990), submittedAt: iso(-2600) });
    m.addAccount('submitted-recent', iso(-100), { signedInAt: iso(-90), submittedAt: iso(-50) });
    m.addAccount('unconfirmed-old', iso(-20), { confirmed: false });
    return m;
  }

  it('counts what it did: warned, erased never submitted, erased submitted, failed', async () => {
    const m = population();
    expect(await sweepRetention(m.ports(), day(386))).toEqual({ ...none, warned: 1, erasedUnsubmitted: 1, erasedSubmitted: 1 });
    expect(m.erased.map((e) => e.sub).sort()).toEqual(['submitted-old', 'unconfirmed-old']);
    expect([...m.accounts.keys()].sort()).toEqual(['due-warning', 'recent', 'submitted-recent']);
  });

  it('in a dry run counts the same and writes, mails and erases nothing', async () => {
    const m = population();
    expect(await sweepRetention(m.ports(), day(386), { dryRun: true })).toEqual({ ...none, dryRun: true, warned: 1, erasedUnsubmitted: 1, erasedSubmitted: 1 });
    expect(m.writes).toBe(0);
    expect(m.sent).toEqual([]);
    expect(m.erased).toEqual([]);
    expect(m.claims.size).toBe(0);
    expect(await sweepRetention(m.ports(), day(386))).toEqual({ ...none, warned: 1, erasedUnsubmitted: 1, erasedSubmitted: 1 });
  });

  it('goes on past an account that fails, and the next run finishes it', async () => {
    const m = population();
    m.addAccount('refused', T0, { signedInAt: T0 });
    m.refusedAddresses.add('refused@example.edu');
    m.failingErasures.add('submitted-old');
    const failures: string[] = [];
    const result = await sweepRetention(m.ports(), day(386), { onFailure: (sub) => failures.push(sub) });
    expect(result).toEqual({ ...none, warned: 1, erasedUnsubmitted: 1, failed: 2 });
    expect(failures.sort()).toEqual(['refused', 'submitted-old']);
    m.refusedAddresses.clear();
    m.failingErasures.clear();
    expect(await sweepRetention(m.ports(), day(387))).toEqual({ ...none, warned: 1, erasedSubmitted: 1 });
    expect(m.sent.map((s) => s.to).sort()).toEqual(['due-warning@example.edu', 'refused@example.edu']);
  });

  it('stops starting accounts when its time is up and counts the rest as deferred', async () => {
    const m = population();
    let asked = 0;
    const result = await sweepRetention(m.ports(), day(386), { timeIsUp: () => ++asked > 1 });
    expect(result.warned + result.erasedUnsubmitted + result.erasedSubmitted).toBe(1);
    expect(result.deferred).toBe(2);
  });

  it('reports counts only: no address, no id', async () => {
    const m = population();
    const result = await sweepRetention(m.ports(), day(386));
    expect(Object.keys(result).sort()).toEqual([
      'changed',
      'deferred',
      'dryRun',
      'erasedSubmitted',
      'erasedUnsubmitted',
      'erasedWithoutIdentity',
      'failed',
      'held',
      'leftoversRemoved',
      'warned',
    ]);
    expect(JSON.stringify(result)).not.toMatch(/@|due-warning|submitted-old|unconfirmed/);
  });
});

/** The sweep's ports, with `between` run right after it read whether the account was submitted or held, before it erases. */
function interleaved(m: MemoryRetention, between: (sub: string) => void) {
  const ports = m.ports();
  const records = ports.records;
  ports.records = {
    ...records,
    applicationState: async (sub) => {
      const answer = await records.applicationState(sub);
      between(sub);
      return answer;
    },
  };
  return ports;
}

describe('an applicant who comes back while the sweep runs', () => {
  it('signing in and submitting between the sweep\u2019s read and its erasure is not erased: counted as changed during the run', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    await sweepRetention(m.ports(), day(386));
    const ports = interleaved(m, (sub) => {
      m.signIns.set(sub, iso(420));
      m.submissions.set(sub, iso(420));
    });
    expect(await sweepRetention(ports, day(420))).toEqual({ ...none, changed: 1 });
    expect(m.erased).toEqual([]);
    expect(m.accounts.has('ada')).toBe(true);
  });

  it('signing in only, after the sweep read its last sign-in, is enough to keep the account', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    await sweepRetention(m.ports(), day(386));
    const ports = interleaved(m, (sub) => m.signIns.set(sub, iso(420)));
    expect(await sweepRetention(ports, day(420))).toEqual({ ...none, changed: 1 });
    expect(m.erased).toEqual([]);
  });

  it('an account whose identity is gone, submitted meanwhile by a session still open, is kept', async () => {
    const m = new MemoryRetention();
    m.addAccount('cy', iso(-30), { signedInAt: T0 });
    m.accounts.delete('cy');
    const ports = interleaved(m, (sub) => m.submissions.set(sub, iso(1)));
    expect(await sweepRetention(ports, day(2))).toEqual({ ...none, changed: 1 });
    expect(m.erased).toEqual([]);
  });

  it('the next run, with nothing changed since its read, erases as before', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    await sweepRetention(m.ports(), day(386));
    expect(
      await sweepRetention(
        interleaved(m, () => undefined),
        day(420),
      ),
    ).toEqual({ ...none, erasedUnsubmitted: 1 });
  });
});

describe('an application on hold (legal or enrolment, set by an admin)', () => {
  it('never submitted is neither warned nor erased while held, and counted as held; once lifted the policy applies again', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    m.holds.add('ada');
    expect(await sweepRetention(m.ports(), day(386))).toEqual({ ...none, held: 1 });
    expect(await sweepRetention(m.ports(), day(800))).toEqual({ ...none, held: 1 });
    expect(m.sent).toEqual([]);
    expect(m.erased).toEqual([]);
    m.holds.delete('ada');
    expect(await sweepRetention(m.ports(), day(800))).toEqual({ ...none, warned: 1 });
  });

  it('submitted is kept past submittedDays while held, and counted as held', async () => {
    const m = new MemoryRetention();
    m.addAccount('eve', iso(-10), { signedInAt: iso(-1), submittedAt: T0 });
    m.holds.add('eve');
    expect(await sweepRetention(m.ports(), day(3000))).toEqual({ ...none, held: 1 });
    expect(m.erased).toEqual([]);
  });

  it('whose identity is gone is kept while held', async () => {
    const m = new MemoryRetention();
    m.addAccount('cy', iso(-30), { signedInAt: T0 });
    m.accounts.delete('cy');
    m.holds.add('cy');
    expect(await sweepRetention(m.ports(), day(2))).toEqual({ ...none, held: 1 });
    expect(m.erased).toEqual([]);
  });

  it('held between the sweep\u2019s read and its erasure is kept: counted as changed during the run', async () => {
    const m = new MemoryRetention();
    // Signed in lately: only the submissions' pass reads it.
    m.addAccount('eve', iso(-10), { signedInAt: iso(2990), submittedAt: T0 });
    const ports = interleaved(m, (sub) => m.holds.add(sub));
    expect(await sweepRetention(ports, day(3000))).toEqual({ ...none, changed: 1 });
    expect(m.erased).toEqual([]);
  });
});

describe('an account holding applications of two cycles (issue 37)', () => {
  it('is swept as one account: a later application’s own items are not data without identity', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0, submittedAt: iso(-20) });
    m.applications.set('ada', ['ada', 'ada--2028']);
    m.signIns.set('ada--2028', T0);
    expect(await sweepRetention(m.ports(), day(1))).toEqual(none);
    expect(m.erased).toEqual([]);
  });

  it('is kept as submitted when a later application was submitted, though its first never was', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0 });
    m.applications.set('ada', ['ada', 'ada--2028']);
    m.submissions.set('ada--2028', iso(1));
    expect(await sweepRetention(m.ports(), day(500))).toEqual(none);
    expect(m.sent).toEqual([]);
  });

  it('is erased for its submissions only once its latest application is past its keeping time', async () => {
    const m = new MemoryRetention();
    m.addAccount('ada', iso(-30), { signedInAt: T0, submittedAt: T0 });
    m.applications.set('ada', ['ada', 'ada--2028']);
    m.submissions.set('ada--2028', iso(365));
    expect(await sweepRetention(m.ports(), day(2556))).toEqual(none);
    expect(m.erased).toEqual([]);
    expect(await sweepRetention(m.ports(), day(2556 + 365))).toEqual({ ...none, erasedSubmitted: 1 });
    expect(m.erased).toEqual([{ sub: 'ada--2028', cause: 'retention-submitted' }]);
  });
});
