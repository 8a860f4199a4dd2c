import { describe, expect, it } from 'vitest';
import { policies } from '#form/institution-policies';
import { DECISIONS } from '#form/wire/decision-words';
import { type DecisionRequest } from '#form/wire/decisions';
import { changeOfficeStatus } from '../lifecycle/history';
import { BulkRefused, ONLY_ADMIN_CHANGES_RELEASED, REASON_REQUIRED, recordDecision, recordDecisions } from './decide';
import { MemoryOffice } from './memory.test-support';
import { reviewsAndDecision } from './office-view';
import { reviewForm, rubricScores, saveReview } from './reviews';
import { visibleReviews } from './visibility';

const rubric = policies.reviewRubric;
const at = new Date('2026-12-01T15:00:00Z');
const later = new Date('2026-12-02T09:30:00Z');
const scores = Object.fromEntries(rubric.map((c, i) => [c.key, i + 3]));
const review = (recommendation: DecisionRequest['decision'] = 'admit', notes = 'Strong essays.') => ({ scores, recommendation, notes });
const decide = (decision: DecisionRequest['decision'], extra: Partial<DecisionRequest> = {}): DecisionRequest => ({ decision, note: '', reason: '', ...extra });
const reader = { email: 'reader@example.edu', role: 'reader' as const };
const decider = { email: 'decider@example.edu', role: 'decider' as const };
const admin = { email: 'admin@example.edu', role: 'admin' as const };

/** Releases as the release slice will: the record gains `released`, the status moves to released. */
async function release(office: MemoryOffice, id: string) {
  const record = office.records.get(id)!;
  office.records.set(id, { ...record, released: { decision: record.decision, at: later.toISOString(), release_id: 'rel-1' }, version: record.version + 1 });
  await changeOfficeStatus(office.status, { id, to: 'released', staff: admin.email, what: 'Released' }, later);
}

describe('the review form', () => {
  it("asks the rubric's criteria with their labels and help, and the four recommendations", () => {
    const form = reviewForm(rubric);
    expect(form.criteria.map((c) => c.key)).toEqual(['academic_preparation', 'personal_qualities', 'contribution']);
    expect(form.criteria[0]).toEqual({ key: 'academic_preparation', label: 'Academic preparation', help: expect.stringContaining('Grades') });
    expect(form.recommendations).toEqual([...DECISIONS]);
  });

  it("takes exactly the rubric's criteria, in its order; a missing or unknown one is a 400 naming it", () => {
    const { contribution, ...rest } = scores;
    expect(Object.keys(rubricScores(rubric, { contribution: contribution!, ...rest }))).toEqual(rubric.map((c) => c.key));
    expect(() => rubricScores(rubric, rest)).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining('Contribution to the campus') }));
    expect(() => rubricScores(rubric, { ...scores, charm: 4 })).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining('“charm” is not a criterion') }),
    );
  });
});

describe('a review', () => {
  it('the first moves a submitted application to in review ("First review"), recorded in the audit trail before it is saved', async () => {
    const office = new MemoryOffice('app-1');
    const saved = await saveReview(office.reviewPorts, rubric, 'app-1', reader.email, review(), at);
    expect(saved).toEqual({
      reviewer: reader.email,
      scores,
      recommendation: 'admit',
      notes: 'Strong essays.',
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
    expect(office.statusOf('app-1')).toBe('in_review');
    expect(office.whats('app-1')).toEqual(['submitted → in_review: First review']);
    expect(office.journal).toEqual(['audit:review', 'review', 'history']);
    expect(office.audited[0]).toEqual({ action: 'review', application: 'app-1', detail: { recommendation: 'admit', change: 'added' } });
  });

  it("a revision replaces the reviewer's own review, keeps when it was first made, and leaves the status alone", async () => {
    const office = new MemoryOffice('app-1');
    await saveReview(office.reviewPorts, rubric, 'app-1', reader.email, review(), at);
    await saveReview(office.reviewPorts, rubric, 'app-1', decider.email, review('deny'), at);
    const revised = await saveReview(office.reviewPorts, rubric, 'app-1', reader.email, review('waitlist', 'On reflection.'), later);
    expect(revised).toMatchObject({ recommendation: 'waitlist', notes: 'On reflection.', created_at: at.toISOString(), updated_at: later.toISOString() });
    expect(office.reviews.get('app-1')?.map((r) => [r.reviewer, r.recommendation])).toEqual([
      [decider.email, 'deny'],
      [reader.email, 'waitlist'],
    ]);
    expect(office.whats('app-1')).toEqual(['submitted → in_review: First review']);
    expect(office.audited.map((a) => a.detail?.change)).toEqual(['added', 'added', 'revised']);
  });

  it('of an application already decided changes no status', async () => {
    const office = new MemoryOffice('app-1');
    await recordDecision(office.decisionPorts, 'app-1', decide('admit'), decider, at);
    await saveReview(office.reviewPorts, rubric, 'app-1', reader.email, review(), later);
    expect(office.whats('app-1')).toEqual(['submitted → decided: Decision: Admit']);
  });

  it('two first reviews at the same moment both stand; the status moves once', async () => {
    const office = new MemoryOffice('app-1');
    // The second reviewer read the history before the first one's change landed.
    const stale = {
      ...office.reviewPorts,
      status: {
        ...office.status,
        readHistory: (() => {
          let calls = 0;
          return async (id: string) => (calls++ === 0 ? [] : office.status.readHistory(id));
        })(),
      },
    };
    await saveReview(office.reviewPorts, rubric, 'app-1', reader.email, review(), at);
    await saveReview(stale, rubric, 'app-1', decider.email, review(), at);
    expect(office.reviews.get('app-1')).toHaveLength(2);
    expect(office.whats('app-1')).toEqual(['submitted → in_review: First review']);
  });

  it('of an unknown or unsubmitted application is a 404, and bad scores a 400, with nothing written', async () => {
    const office = new MemoryOffice('app-1');
    await expect(saveReview(office.reviewPorts, rubric, 'nope', reader.email, review(), at)).rejects.toMatchObject({ status: 404 });
    await expect(saveReview(office.reviewPorts, rubric, 'app-1', reader.email, { ...review(), scores: { academic_preparation: 3 } }, at)).rejects.toMatchObject(
      { status: 400 },
    );
    expect(office.journal).toEqual([]);
  });

  it('deciders and admins read every review; a reader only their own', () => {
    const reviews = [
      { reviewer: reader.email, scores, recommendation: 'admit' as const, notes: '', created_at: '1', updated_at: '1' },
      { reviewer: 'other@example.edu', scores, recommendation: 'deny' as const, notes: '', created_at: '2', updated_at: '2' },
    ];
    expect(visibleReviews(reviews, 'reader', reader.email).map((r) => r.reviewer)).toEqual([reader.email]);
    expect(visibleReviews(reviews, 'reader', 'nobody@example.edu')).toEqual([]);
    expect(visibleReviews(reviews, 'decider', decider.email)).toHaveLength(2);
    expect(visibleReviews(reviews, 'admin', admin.email)).toHaveLength(2);
  });
});

describe('a decision', () => {
  it('stages: submitted or in review → decided, "Decision: Admit", audited before the record and the history', async () => {
    const office = new MemoryOffice('app-1', 'app-2');
    const answer = await recordDecision(office.decisionPorts, 'app-1', decide('admit', { note: 'Top of the pool' }), decider, at);
    expect(answer).toEqual({
      office_status: 'decided',
      decision: { decision: 'admit', note: 'Top of the pool', decided_by: decider.email, decided_at: at.toISOString() },
    });
    expect(office.journal).toEqual(['audit:decision', 'decision', 'history']);
    expect(office.whats('app-1')).toEqual(['submitted → decided: Decision: Admit']);
    await saveReview(office.reviewPorts, rubric, 'app-2', reader.email, review(), at);
    await recordDecision(office.decisionPorts, 'app-2', decide('waitlist'), admin, at);
    expect(office.whats('app-2')).toEqual(['submitted → in_review: First review', 'in_review → decided: Decision: Waitlist']);
  });

  it('a staged decision changed before release: a new record and an entry that keeps the status; the same again changes nothing', async () => {
    const office = new MemoryOffice('app-1');
    await recordDecision(office.decisionPorts, 'app-1', decide('admit'), decider, at);
    await recordDecision(office.decisionPorts, 'app-1', decide('waitlist'), decider, later);
    expect(office.records.get('app-1')).toMatchObject({ decision: 'waitlist', version: 2, decided_at: later.toISOString() });
    await recordDecision(office.decisionPorts, 'app-1', decide('waitlist'), decider, later);
    expect(office.records.get('app-1')?.version).toBe(2);
    // A new note alone is a new record, and no status event.
    await recordDecision(office.decisionPorts, 'app-1', decide('waitlist', { note: 'Strong but late' }), decider, later);
    expect(office.records.get('app-1')).toMatchObject({ note: 'Strong but late', version: 3 });
    expect(office.whats('app-1')).toEqual(['submitted → decided: Decision: Admit', 'decided → decided: Decision changed: Admit → Waitlist']);
  });

  it('a released decision: a decider is refused (403 in words), an admin needs a reason (400), then released → decided with the reason in the history', async () => {
    const office = new MemoryOffice('app-1');
    await recordDecision(office.decisionPorts, 'app-1', decide('deny'), decider, at);
    await release(office, 'app-1');
    const before = office.journal.length;
    await expect(recordDecision(office.decisionPorts, 'app-1', decide('admit', { reason: 'Transcript corrected' }), decider, later)).rejects.toMatchObject({
      status: 403,
      message: ONLY_ADMIN_CHANGES_RELEASED,
    });
    await expect(recordDecision(office.decisionPorts, 'app-1', decide('admit'), admin, later)).rejects.toMatchObject({ status: 400, message: REASON_REQUIRED });
    await expect(recordDecision(office.decisionPorts, 'app-1', decide('deny', { reason: 'Again' }), admin, later)).rejects.toMatchObject({ status: 409 });
    expect(office.journal.length).toBe(before);

    const changed = await recordDecision(office.decisionPorts, 'app-1', decide('admit', { reason: 'Transcript corrected' }), admin, later);
    expect(changed.decision).toMatchObject({ decision: 'admit', released_at: later.toISOString() });
    // The applicant keeps seeing the released decision until a new release.
    expect(office.records.get('app-1')?.released?.decision).toBe('deny');
    expect(office.statusOf('app-1')).toBe('decided');
    expect(office.whats('app-1').at(-1)).toBe('released → decided: Released decision changed: Deny → Admit. Reason: Transcript corrected');
    expect(office.audited.at(-1)).toEqual({
      action: 'decision',
      application: 'app-1',
      detail: { decision: 'admit', previous: 'deny', released_change: 'true', reason: 'Transcript corrected' },
    });
  });

  it('written by someone else meanwhile is a 409 and changes no status', async () => {
    const office = new MemoryOffice('app-1');
    office.raceOn.add('app-1');
    await expect(recordDecision(office.decisionPorts, 'app-1', decide('admit'), decider, at)).rejects.toMatchObject({ status: 409, message: /same moment/ });
    expect(office.statusOf('app-1')).toBe('submitted');
  });

  it('of an unknown application is a 404 with nothing written', async () => {
    const office = new MemoryOffice('app-1');
    await expect(recordDecision(office.decisionPorts, 'nope', decide('admit'), decider, at)).rejects.toMatchObject({ status: 404 });
    expect(office.journal).toEqual([]);
  });

  it('is shown to deciders and admins with its release and reply; a reader sees none, and only their own review', async () => {
    const office = new MemoryOffice('app-1');
    await saveReview(office.reviewPorts, rubric, 'app-1', reader.email, review(), at);
    await saveReview(office.reviewPorts, rubric, 'app-1', decider.email, review('deny'), at);
    await recordDecision(office.decisionPorts, 'app-1', decide('admit', { note: 'Yes' }), decider, at);
    await release(office, 'app-1');
    const record = office.records.get('app-1')!;
    office.records.set('app-1', { ...record, reply: { choice: 'accept', at: later.toISOString() } });
    const ports = { reviews: office.reviewStore, decisions: office.decisions };
    expect(await reviewsAndDecision(ports, 'app-1', admin)).toEqual({
      reviews: expect.arrayContaining([expect.objectContaining({ reviewer: reader.email }), expect.objectContaining({ reviewer: decider.email })]),
      decision: {
        decision: 'admit',
        note: 'Yes',
        decided_by: decider.email,
        decided_at: at.toISOString(),
        released_at: later.toISOString(),
        reply: 'accept',
        replied_at: later.toISOString(),
      },
    });
    const theirs = await reviewsAndDecision(ports, 'app-1', reader);
    expect(theirs).toEqual({ reviews: [expect.objectContaining({ reviewer: reader.email })] });
  });
});

describe('a bulk decision', () => {
  it('decides every application named, each audited, with one office record first', async () => {
    const office = new MemoryOffice('a', 'b', 'c');
    await recordDecision(office.decisionPorts, 'c', decide('deny'), decider, at);
    const answer = await recordDecisions(office.decisionPorts, { ids: ['a', 'b', 'c'], decision: 'admit', note: '' }, decider, later);
    expect(answer).toEqual({ decision: 'admit', count: 3, ids: ['a', 'b', 'c'] });
    expect(['a', 'b', 'c'].map((id) => office.records.get(id)?.decision)).toEqual(['admit', 'admit', 'admit']);
    expect(office.whats('c')).toEqual(['submitted → decided: Decision: Deny', 'decided → decided: Decision changed: Deny → Admit']);
    const bulkAudit = office.audited.slice(1);
    expect(bulkAudit[0]).toEqual({ action: 'decisions', detail: { decision: 'admit', count: '3', ids: 'a b c' } });
    expect(bulkAudit.slice(1).map((a) => [a.application, a.detail?.bulk])).toEqual([
      ['a', '3'],
      ['b', '3'],
      ['c', '3'],
    ]);
  });

  it('one unknown or released id refuses the whole request, naming the refused ids, with nothing written', async () => {
    const office = new MemoryOffice('a', 'b', 'r');
    await recordDecision(office.decisionPorts, 'r', decide('deny'), decider, at);
    await release(office, 'r');
    const before = [...office.journal];
    const refused = await recordDecisions(office.decisionPorts, { ids: ['a', 'ghost', 'b', 'r'], decision: 'admit', note: '' }, admin, later).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(BulkRefused);
    expect(refused).toMatchObject({
      status: 409,
      extra: { ids: ['ghost', 'r'] },
      message: expect.stringMatching(/^Nothing was recorded: 1 application is not a submitted application and 1 application has a released decision/),
    });
    expect(office.journal).toEqual(before);
    expect(office.records.has('a')).toBe(false);
  });

  it('an application changed between the check and its write is not decided; the others are, and the answer names both', async () => {
    const office = new MemoryOffice('a', 'b', 'c');
    office.raceOn.add('b');
    const refused = await recordDecisions(office.decisionPorts, { ids: ['a', 'b', 'c'], decision: 'defer', note: '' }, decider, later).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 409,
      extra: { ids: ['b'], applied: ['a', 'c'] },
      message: expect.stringContaining('2 applications of 3 were decided'),
    });
    expect(['a', 'b', 'c'].map((id) => office.statusOf(id))).toEqual(['decided', 'submitted', 'decided']);
    // Sending it again decides the one left and leaves the others as they are.
    const again = await recordDecisions(office.decisionPorts, { ids: ['a', 'b', 'c'], decision: 'defer', note: '' }, decider, later);
    expect(again.count).toBe(3);
    expect(office.whats('a')).toEqual(['submitted → decided: Decision: Defer']);
    expect(office.statusOf('b')).toBe('decided');
  });
});
