import { describe, expect, it } from 'vitest';
import { acceptedAfterSubmission, checklist, isComplete } from './checklist';
import { institution } from './institution';
import { allQuestions, documentQuestionKeys, tabGroups } from './model';

const items = institution.afterSubmission.checklist;

describe("the institution's checklist of materials", () => {
  it('names only real questions, documents and tabs of the model', () => {
    const questionKeys = new Set(allQuestions.map((q) => q.key));
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    for (const item of items) {
      if (item.document) expect(documentQuestionKeys, `${item.id}.document`).toContain(item.document);
      if (item.requiredWhen) expect(questionKeys.has(item.requiredWhen.question), `${item.id}.requiredWhen`).toBe(true);
      if (item.sentByOthersWhen) {
        const group = tabGroups.get(item.sentByOthersWhen.tabGroup);
        expect(group, `${item.id}.sentByOthersWhen.tabGroup`).toBeDefined();
        expect(group!.tabs.map((t) => t.id)).toContain(item.sentByOthersWhen.tab);
      }
      if (item.acceptedAfterSubmission) expect(item.document, `${item.id} is uploaded, so it names a document`).toBeDefined();
      expect(item.document ?? item.requiredWhen ?? item.sentByOthersWhen, `${item.id} names something of the model`).toBeDefined();
    }
  });

  it('lists the transcript, test scores and résumé, with the transcript and résumé accepted after submission', () => {
    expect(items.map((i) => i.id)).toEqual(['transcript', 'test_scores', 'resume']);
    expect(acceptedAfterSubmission()).toEqual(['hs_transcript', 'resume']);
  });
});

describe('checklist states', () => {
  const none = { answers: {}, tabs: {}, documents: {} };
  const state = (input: Parameters<typeof checklist>[0]) => Object.fromEntries(checklist(input).map((e) => [e.id, [e.state, e.note ?? '']]));

  it('marks an uploaded transcript received with its date and file', () => {
    const at = '2026-11-02T15:00:00.000Z';
    const entries = checklist({ ...none, documents: { hs_transcript: { file_name: 't.pdf', status: 'COMPLETED', receivedAt: at } } });
    expect(entries[0]).toEqual({ id: 'transcript', label: 'High school transcript', state: 'received', receivedAt: at, fileName: 't.pdf' });
  });

  it('awaits the transcript from the counselor when that tab was chosen, and from the applicant otherwise', () => {
    expect(state({ ...none, tabs: { transcript_source: 'counselor' } }).transcript).toEqual(['awaiting', 'Your counselor will send it.']);
    expect(state(none).transcript![0]).toBe('awaiting');
    // A failed conversion is no transcript.
    expect(state({ ...none, documents: { hs_transcript: { file_name: 't.pdf', status: 'FAILED' } } }).transcript![0]).toBe('awaiting');
  });

  it('asks for test scores only when the applicant wants them considered', () => {
    expect(state({ ...none, answers: { test_optional: 'Y' } }).test_scores![0]).toBe('awaiting');
    expect(state({ ...none, answers: { test_optional: 'N' } }).test_scores![0]).toBe('not_required');
  });

  it('counts a material added after submission as received, and leaves an optional one not required until then', () => {
    expect(state(none).resume![0]).toBe('not_required');
    const later = checklist({ ...none, supplements: { resume: { file_name: 'cv.pdf', status: 'COMPLETED', receivedAt: '2026-11-03T10:00:00.000Z' } } });
    expect(later[2]).toMatchObject({ state: 'received', fileName: 'cv.pdf' });
    expect(checklist(none)[2]!.uploadKey).toBe('resume');
  });

  it("shows the office's marks: received with its day, or waived; the applicant's upload counts before any mark", () => {
    const input = { answers: { test_optional: 'Y' }, tabs: {}, documents: {} };
    const marked = checklist({ ...input, marks: { transcript: { status: 'received', received_at: '2026-11-20' }, test_scores: { status: 'waived' } } });
    expect(marked.map((e) => [e.id, e.state, e.receivedAt])).toEqual([
      ['transcript', 'received', '2026-11-20'],
      ['test_scores', 'waived', undefined],
      ['resume', 'not_required', undefined],
    ]);
    expect(isComplete(marked)).toBe(true);
    const uploaded = checklist({
      ...input,
      documents: { hs_transcript: { file_name: 't.pdf', status: 'COMPLETED', receivedAt: '2026-10-01T00:00:00.000Z' } },
      marks: { transcript: { status: 'waived' } },
    });
    expect(uploaded[0]).toMatchObject({ state: 'received', receivedAt: '2026-10-01T00:00:00.000Z', fileName: 't.pdf' });
    expect(isComplete(uploaded)).toBe(false);
  });
});
