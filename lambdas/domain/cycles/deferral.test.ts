import { describe, expect, it } from 'vitest';
import { DECISION_LABELS, type Decision } from '#form/wire/decision-words';
import { recordDecision } from '../decisions/decide';
import { changeOfficeStatus } from '../lifecycle/history';
import type { SubmittedApplication } from '../ports/submissions';
import { memoryReleasePorts } from '../releases/memory.test-support';
import { runRelease, scheduleRelease } from '../releases/release';
import { deferralMove, regularRound } from './deferral';
import { chicagoTimetable } from './timetables.test-support';

const ROUNDS = [
  { id: 'ed', label: 'Early Decision', deadline: '2026-11-01', binding: true, decisionDate: '2026-12-15', replyBy: '2027-01-15' },
  { id: 'ea', label: 'Early Action', deadline: '2026-11-15', decisionDate: '2027-01-15', replyBy: '2027-05-01' },
  { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' },
  { id: 'ed2', label: 'Early Decision II', deadline: '2027-01-20', binding: true, decisionDate: '2027-02-15', replyBy: '2027-03-01' },
];
const CYCLES = chicagoTimetable(ROUNDS).cycles;
const NOW = new Date('2026-12-15T15:00:00.000Z');
const placed = (round: string) => ({ cycle: '2027', round, late: false });

describe('the regular round', () => {
  it("is the cycle's last round that does not bind", () => {
    expect(regularRound(CYCLES[0]!)?.id).toBe('rd');
    expect(regularRound({ ...CYCLES[0]!, rounds: ROUNDS.filter((r) => r.binding) })).toBeUndefined();
  });

  it('takes an application from a round before it, and leaves one in it, after it, without a placement or in a round gone', () => {
    expect(deferralMove(CYCLES, placed('ed'))).toMatchObject({ from: { id: 'ed' }, to: { id: 'rd' } });
    expect(deferralMove(CYCLES, placed('ea'))).toMatchObject({ from: { id: 'ea' }, to: { id: 'rd' } });
    expect(deferralMove(CYCLES, placed('rd'))).toBeUndefined();
    expect(deferralMove(CYCLES, placed('ed2'))).toBeUndefined();
    expect(deferralMove(CYCLES, undefined)).toBeUndefined();
    expect(deferralMove(CYCLES, placed('gone'))).toBeUndefined();
  });
});

describe('a deferral released in an early round', () => {
  function world(placements: Record<string, string>) {
    const w = memoryReleasePorts(Object.keys(placements));
    const apps = new Map<string, SubmittedApplication>();
    const moves: string[] = [];
    let failMove = false;
    w.ports.deferral = {
      cycles: CYCLES,
      moveRound: (id, from, to) => {
        if (failMove) {
          failMove = false;
          return Promise.reject(new Error('the database is away'));
        }
        const app = apps.get(id)!;
        if (app.placement?.round !== from) return Promise.resolve(false);
        app.placement = { ...app.placement, round: to };
        moves.push(`${id}:${from}>${to}`);
        return Promise.resolve(true);
      },
    };
    const ready = Promise.all(
      Object.entries(placements).map(async ([id, round]) => {
        const app = (await w.ports.readSubmitted(id))!;
        app.placement = placed(round);
        apps.set(id, app);
      }),
    );
    return { ...w, apps, moves, ready, failNextMove: () => (failMove = true) };
  }

  async function stage(w: ReturnType<typeof world>, id: string, decision: Decision) {
    await w.decisions.writeDecision(id, { decision, note: '', decided_by: 'decider@example.edu', decided_at: '2026-12-01T00:00:00.000Z', version: 1 }, 0);
    const office = w.office;
    await changeOfficeStatus(
      {
        readHistory: office.readHistory.bind(office),
        appendHistory: office.appendHistory.bind(office),
        markStatus: office.markStatus.bind(office),
        readSubmitted: (i: string) => w.ports.readSubmitted(i),
      },
      { id, to: 'decided', staff: 'decider@example.edu', what: `Decision: ${DECISION_LABELS[decision]}` },
      NOW,
    );
  }

  it('moves it into the regular round and back into review, keeping its reviews; one in the regular round, or an admit, stays released', async () => {
    const w = world({ a: 'ea', b: 'rd', c: 'ea' });
    await w.ready;
    await stage(w, 'a', 'defer');
    await stage(w, 'b', 'defer');
    await stage(w, 'c', 'admit');
    const summary = await scheduleRelease(w.ports, { target: { ids: ['a', 'b', 'c'] } }, 'admin@example.edu', NOW);
    expect(summary).toMatchObject({ state: 'released', released: 3 });
    expect(w.apps.get('a')!.placement).toEqual(placed('rd'));
    expect(w.office.status('a')).toBe('in_review');
    expect(
      w.office.histories
        .get('a')!
        .slice(-2)
        .map((c) => [c.from, c.to, c.what, c.staff]),
    ).toEqual([
      ['decided', 'released', 'Released', 'admin@example.edu'],
      ['released', 'in_review', 'Deferred: moved from Early Action to Regular Decision', 'admin@example.edu'],
    ]);
    // The applicant was shown the deferral (its letter, its e-mail) before the move.
    expect(w.decisions.records.get('a')).toMatchObject({ released: { decision: 'defer' } });
    expect(w.mail.sent.map((m) => m.to)).toContain('a@example.com');
    expect([w.office.status('b'), w.apps.get('b')!.placement?.round]).toEqual(['released', 'rd']);
    expect([w.office.status('c'), w.apps.get('c')!.placement?.round]).toEqual(['released', 'ea']);
    expect(w.moves).toEqual(['a:ea>rd']);
  });

  it('is decided again in the regular round: the applicant keeps seeing the deferral until the next release', async () => {
    const w = world({ a: 'ea' });
    await w.ready;
    await stage(w, 'a', 'defer');
    await scheduleRelease(w.ports, { target: { ids: ['a'] } }, 'admin@example.edu', NOW);
    const later = new Date(NOW.getTime() + 90 * 86_400_000);
    await recordDecision(
      {
        decisions: w.decisions,
        status: {
          readHistory: w.office.readHistory.bind(w.office),
          appendHistory: w.office.appendHistory.bind(w.office),
          markStatus: w.office.markStatus.bind(w.office),
          readSubmitted: (i: string) => w.ports.readSubmitted(i),
        },
        audit: () => Promise.resolve(),
      },
      'a',
      { decision: 'admit', note: '', reason: '' },
      { email: 'decider@example.edu', role: 'decider' },
      later,
    );
    expect(w.office.status('a')).toBe('decided');
    expect(w.decisions.records.get('a')).toMatchObject({ decision: 'admit', released: { decision: 'defer' } });
  });

  it('a release stopped between the status and the move finishes the move on its rerun, once', async () => {
    const w = world({ a: 'ea' });
    await w.ready;
    await stage(w, 'a', 'defer');
    w.failNextMove();
    const summary = await scheduleRelease(w.ports, { target: { ids: ['a'] } }, 'admin@example.edu', NOW);
    expect(summary.state).toBe('scheduled');
    expect([w.office.status('a'), w.apps.get('a')!.placement?.round]).toEqual(['in_review', 'ea']);
    const rerun = await runRelease(w.ports, summary.id, new Date(NOW.getTime() + 60_000));
    expect(rerun).toMatchObject({ release: { state: 'released', released: 1 }, failed: [] });
    expect([w.office.status('a'), w.apps.get('a')!.placement?.round]).toEqual(['in_review', 'rd']);
    expect(w.office.histories.get('a')!.filter((c) => c.to === 'in_review')).toHaveLength(1);
    expect(w.mail.sent).toHaveLength(1);
  });
});
