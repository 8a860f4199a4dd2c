import { describe, expect, it } from 'vitest';
import { DECISIONS, DECISION_LABELS, REPLY_CHOICES, REPLY_OPTIONS } from '#form/wire/decision-words';
import { OFFICE_STATUSES } from '#form/wire/office-status';
import { STAFF_ROLES } from '#form/wire/roles';
import { decisionRow, historyLine, historyRow, INITIAL_STATUS, LIFECYCLE, mayMake, transition, type Transition } from './table';

const rows: readonly Transition[] = LIFECYCLE;
const DECISION_WORD = new RegExp(`\\b(${[...DECISIONS, ...Object.values(DECISION_LABELS)].join('|')})\\b`, 'i');

describe('the lifecycle table', () => {
  it('has one row per trigger, among the office statuses, each made by someone', () => {
    const triggers = rows.map((r) => r.trigger);
    expect(new Set(triggers).size).toBe(triggers.length);
    for (const row of rows) {
      expect(
        [...row.from, row.to].every((s) => OFFICE_STATUSES.includes(s)),
        row.trigger,
      ).toBe(true);
      expect(row.by.length, row.trigger).toBeGreaterThan(0);
    }
  });

  it('reaches every status from the first one', () => {
    const reached = new Set([INITIAL_STATUS]);
    for (let grew = true; grew;) {
      grew = false;
      for (const row of rows)
        if (row.from.some((s) => reached.has(s)) && !reached.has(row.to)) {
          reached.add(row.to);
          grew = true;
        }
    }
    expect([...reached].sort()).toEqual([...OFFICE_STATUSES].sort());
  });

  it('names the row of a history entry by its statuses alone (a stored entry carries no trigger)', () => {
    for (const from of OFFICE_STATUSES)
      for (const to of OFFICE_STATUSES) expect(rows.filter((r) => r.history && r.from.includes(from) && r.to === to).length, `${from} → ${to}`).toBeLessThan(2);
    expect(historyRow('decided', 'decided')?.trigger).toBe('change');
    // The daily sweep's expiry of an unanswered offer keeps the status; a reply writes no history.
    expect(historyRow('released', 'released')?.trigger).toBe('expire');
    expect(historyRow('released', 'in_review')?.trigger).toBe('defer-round');
    expect(historyRow('in_review', 'submitted')).toBeUndefined();
  });

  it("words every history entry for a reader without a decision or a reason, and a decision's line for deciders with both", () => {
    for (const row of rows) if (row.history) expect(row.history.reader, row.trigger).not.toMatch(DECISION_WORD);
    expect(historyLine(transition('decide'), { decision: 'deny' })).toBe('Decision: Deny');
    expect(historyLine(transition('change'), { decision: 'waitlist', previous: 'admit', reason: 'Late transcript' })).toBe(
      'Decision changed: Admit → Waitlist. Reason: Late transcript',
    );
    expect(historyLine(transition('change-released'), { decision: 'admit', previous: 'deny', reason: 'Transcript corrected' })).toBe(
      'Released decision changed: Deny → Admit. Reason: Transcript corrected',
    );
    expect(historyLine(transition('change-released'), { decision: 'admit' })).toBe('Released decision changed: Admit');
    expect(historyLine(transition('release'))).toBe('Released');
    expect(() => historyLine(transition('accept'))).toThrow();
    expect(historyLine(transition('defer-round'), { decision: 'defer', rounds: { from: 'Early Action', to: 'Regular Decision' } })).toBe(
      'Deferred: moved from Early Action to Regular Decision',
    );
  });

  it('gives a decision the row of the status it is made in: deciders decide and change a staged one, only an admin a released one, never in bulk', () => {
    expect(['submitted', 'in_review', 'decided', 'released'].map((s) => decisionRow(s as never)?.trigger)).toEqual([
      'decide',
      'decide',
      'change',
      'change-released',
    ]);
    expect(STAFF_ROLES.filter((role) => mayMake(transition('decide'), role))).toEqual(['decider', 'admin']);
    expect(STAFF_ROLES.filter((role) => mayMake(transition('change-released'), role))).toEqual(['admin']);
    expect(transition('change-released').decision).toEqual({ reason: 'required', bulk: false });
    expect(transition('change').decision).toEqual({ reason: 'optional', bulk: true });
  });

  it('lets every role start the reading, an admin (or the scheduled run) release, and the applicant alone reply', () => {
    expect(STAFF_ROLES.filter((role) => mayMake(transition('review'), role))).toEqual([...STAFF_ROLES]);
    expect(transition('release').by).toEqual(['admin', 'system']);
    for (const choice of REPLY_CHOICES) expect(transition(choice).by).toEqual(['applicant']);
  });

  it('has a reply row for each reply a decision offers, with its event; a reply keeps the status and writes no history', () => {
    const offered = new Set(DECISIONS.flatMap((d) => REPLY_OPTIONS[d]));
    expect([...offered].sort()).toEqual([...REPLY_CHOICES].sort());
    expect(REPLY_CHOICES.map((c) => transition(c).event)).toEqual(['Offer Accepted', 'Offer Declined', 'Waitlist Joined']);
    for (const choice of REPLY_CHOICES) {
      expect(transition(choice)).toMatchObject({ from: ['released'], to: 'released' });
      expect((transition(choice) as Transition).history).toBeUndefined();
    }
    expect(transition('decline').conditions[0]).toBe('the released decision is Admit or Waitlist');
  });

  it("lets only the system expire an offer, with a history entry, an audit record, its event and an e-mail that says no more than the release's", () => {
    expect(transition('expire')).toMatchObject({
      from: ['released'],
      to: 'released',
      by: ['system'],
      event: 'Offer Expired',
      audit: { action: 'offer.expire' },
      mail: { kind: 'offer-expired', says: transition('release').mail.says },
    });
    expect(transition('defer-round')).toMatchObject({ from: ['released'], to: 'in_review', by: ['system'] });
  });

  it('writes an audit record for each staff move, and the release its event and its e-mail', () => {
    for (const row of rows.filter((r) => r.by.some((a) => (STAFF_ROLES as readonly string[]).includes(a)))) expect(row.audit, row.trigger).toBeDefined();
    expect(transition('release')).toMatchObject({ event: 'Decision Released', mail: { kind: 'decision-release' }, audit: { action: 'release' } });
    expect(transition('decide').audit).toEqual({ action: 'decision', bulk: 'decisions' });
  });
});
