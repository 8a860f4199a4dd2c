import { describe, expect, it } from 'vitest';
import { documentQuestionKeys } from '#form/model';
import { takeSnapshot, type ApplicationSnapshot } from '#form/snapshot';
import { asAnEarlierForm } from '#form/snapshot.test-support';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { NotFound } from '../errors';
import type { DocumentItem } from '../ports/answers';
import type { StoredFiles } from '../ports/documents';
import type { SubmittedApplication } from '../ports/submissions';
import { MemoryRecommendations } from '../recommendations/memory.test-support';
import { readStaffApplication, type ApplicationViewPorts } from './application-view';

/** 2026–27 (the first cycle) with early action, whose late window is 3 days. */
const TIMETABLE = chicagoTimetable([
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', lateDays: 3, decisionDate: '2026-12-15', replyBy: '2027-05-01' },
]);
const [first, second] = documentQuestionKeys as [string, string];
const app: SubmittedApplication = {
  id: 'a1',
  reference: 'REF12345',
  email: 'ada@example.com',
  submittedAt: '2027-01-01T00:00:00.000Z',
  answers: { first_name: 'Ada', last_name: 'King' },
  officeStatus: 'submitted',
};
const doc = (key: string, status: string, converted?: string): DocumentItem => ({
  key,
  file_key: `uploads/a1/${key}/f`,
  file_name: `${key}.pdf`,
  file_size: 10,
  status,
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...(converted ? { converted_key: converted } : {}),
});

/** Every port in memory; `journal` lists the audit and each read in the order they were asked for. */
function ports(files: StoredFiles = { documents: [] }, submitted: SubmittedApplication | null = app, snapshot?: ApplicationSnapshot) {
  const journal: string[] = [];
  const read =
    <T>(name: string, value: T) =>
    () => {
      journal.push(name);
      return Promise.resolve(value);
    };
  const p: ApplicationViewPorts = {
    readSubmitted: read('submitted', submitted ?? undefined),
    audit: (record) => {
      journal.push(`audit:${record.action}:${record.application}`);
      return Promise.resolve();
    },
    readTabs: read('tabs', {}),
    readAddAnother: read('add-another', {}),
    readApplicantDocuments: read('documents', files),
    readSnapshot: read('snapshot', snapshot),
    readHistory: read('history', []),
    readApplicantRecord: read('record', {
      answers: submitted?.answers ?? {},
      ...(submitted ? { submittedAt: submitted.submittedAt } : {}),
      documents: files.documents,
      supplements: [],
      materials: { marks: { test_scores: { status: 'waived' as const, by: 'd@office', at: '2026-12-02T00:00:00.000Z' } }, version: 1 },
    }),
    recommendations: new MemoryRecommendations(),
    reviews: { readReviews: read('reviews', []) },
    decisions: { readDecision: read('decision', undefined) },
    timetable: TIMETABLE,
    readsRequired: 2,
  };
  return { p, journal };
}

describe("a staff member's view of one application", () => {
  it('says its cycle, round and lateness, and what late means for this round', async () => {
    const late = await readStaffApplication(ports({ documents: [] }, { ...app, placement: { cycle: '2027', round: 'ea', late: true } }).p, 'a1', {
      email: 'r@office',
      role: 'reader',
    });
    expect(late).toMatchObject({ cycle: '2027', cycle_label: '2026–27', round: 'ea', round_label: 'Early Action', late: true });
    expect(late.late_meaning).toBe(
      'Submitted after the Early Action deadline (November 1, 2026 at 11:59 pm Central Time), inside its late window of 3 days: accepted and marked late.',
    );
    // Submitted before cycles: the first cycle's, in no round, on time.
    const before = await readStaffApplication(ports().p, 'a1', { email: 'r@office', role: 'reader' });
    expect(before).toMatchObject({ cycle: '2027', cycle_label: '2026–27', round: '', round_label: '', late: false });
    expect(before).not.toHaveProperty('late_meaning');
  });

  it('answers 404 for an unknown id, recording and reading nothing more', async () => {
    const { p, journal } = ports({ documents: [] }, null);
    await expect(readStaffApplication(p, 'nobody', { email: 'r@office', role: 'reader' })).rejects.toBeInstanceOf(NotFound);
    expect(journal).toEqual(['submitted']);
  });

  it('shows each material of the checklist with the office’s mark, and whether the application is complete', async () => {
    const detail = await readStaffApplication(ports({ documents: [doc('hs_transcript', 'COMPLETED', 'converted/t.pdf')] }).p, 'a1', {
      email: 'r@office',
      role: 'reader',
    });
    expect(detail.materials?.items.map((i) => [i.id, i.state])).toEqual([
      ['transcript', 'received'],
      ['test_scores', 'waived'],
      ['resume', 'not_required'],
    ]);
    expect(detail.materials?.items[1]).toMatchObject({ mark: { status: 'waived', by: 'd@office' } });
    // The applicant's words (what to upload, who sends it) stay on the status page.
    expect(detail.materials?.items.every((i) => !('note' in i) && !('uploadKey' in i))).toBe(true);
    expect(detail.materials?.complete).toBe(true);
  });

  it('records the read before anything of the application is read', async () => {
    const { p, journal } = ports();
    await readStaffApplication(p, 'a1', { email: 'r@office', role: 'reader' });
    expect(journal.slice(0, 2)).toEqual(['submitted', 'audit:read:a1']);
    expect(journal).toContain('documents');
  });

  it("reads no decision for a reader, and a decider's page reads it", async () => {
    const reader = ports();
    await readStaffApplication(reader.p, 'a1', { email: 'r@office', role: 'reader' });
    expect(reader.journal).not.toContain('decision');
    const decider = ports();
    await readStaffApplication(decider.p, 'a1', { email: 'd@office', role: 'decider' });
    expect(decider.journal).toContain('decision');
  });

  it('lists the document questions in form order, linking only converted files and a rendered PDF to their download routes', async () => {
    const { p } = ports({
      documents: [doc(second, 'IN_PROGRESS'), doc('not_a_question', 'COMPLETED', 'converted/x'), doc(first, 'COMPLETED', `converted/a1/${first}/f.pdf`)],
      pdf: { status: 'COMPLETED', objectKey: 'pdf/a1.pdf' },
    });
    const view = await readStaffApplication(p, 'a1', { email: 'r@office', role: 'reader' });
    expect(view.documents.map((d) => [d.key, d.download_url])).toEqual([
      [first, `/staff/api/applications/a1/documents/${first}/download`],
      [second, undefined],
    ]);
    expect(view.pdf).toEqual({ status: 'COMPLETED', download_url: '/staff/api/applications/a1/pdf/download' });
    expect(view).toMatchObject({ id: 'a1', reference: 'REF12345', name: 'Ada King', email: 'ada@example.com', office_status: 'submitted', history: [] });
  });

  it('shows a PDF never asked for as UNPROCESSED, without a link', async () => {
    const { p } = ports();
    expect((await readStaffApplication(p, 'a1', { email: 'r@office', role: 'reader' })).pdf).toEqual({ status: 'UNPROCESSED' });
  });

  it("says the answers in words, not the print's boxes: Yes or No, the chosen labels, nothing for a group left blank", async () => {
    const { p } = ports({ documents: [] }, { ...app, answers: { ...app.answers, optin_sms_ind: 'true', legal_agree: 'true' } });
    const rows = (await readStaffApplication(p, 'a1', { email: 'r@office', role: 'reader' })).pages.flatMap((page) => page.sections.flatMap((s) => s.rows));
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    expect([value('optin_sms_ind'), value('legal_agree'), value('race')]).toEqual(['Yes', 'Yes', '']);
    expect(rows.filter((r) => /\[[X ]\]/.test(r.value))).toEqual([]);
  });

  describe('as submitted', () => {
    /** Taken when the form called the first name otherwise, and asked a question and a document it has since dropped. */
    const earlierForm = (): ApplicationSnapshot =>
      asAnEarlierForm(takeSnapshot({ answers: app.answers }, new Date(app.submittedAt)), {
        reworded: { first_name: 'Given name' },
        removed: [
          { key: 'favourite_colour', label: 'Favourite colour', value: 'Teal' },
          { key: 'old_portfolio', label: 'Portfolio', value: '', document: true },
        ],
      });

    it('shows the words the applicant saw and every answer, whatever the form asks today', async () => {
      const { p } = ports({ documents: [doc('old_portfolio', 'COMPLETED', 'converted/a1/old_portfolio/f.pdf')] }, app, earlierForm());
      const view = await readStaffApplication(p, 'a1', { email: 'r@office', role: 'reader' });
      const rows = view.pages.flatMap((page) => page.sections.flatMap((s) => s.rows));
      expect(rows.find((r) => r.key === 'first_name')).toEqual({ key: 'first_name', label: 'Given name', value: 'Ada' });
      expect(rows.find((r) => r.key === 'favourite_colour')?.value).toBe('Teal');
      // The dropped document question keeps its document, listed and linked under its words.
      expect(rows.find((r) => r.key === 'old_portfolio')?.value).toBe('Document attached: old_portfolio.pdf (10 B)');
      expect(view.documents.map((d) => [d.key, d.label, d.download_url])).toEqual([
        ['old_portfolio', 'Portfolio', '/staff/api/applications/a1/documents/old_portfolio/download'],
      ]);
    });

    it('prints from the model an application submitted before snapshots existed', async () => {
      const { p } = ports();
      const rows = (await readStaffApplication(p, 'a1', { email: 'r@office', role: 'reader' })).pages.flatMap((page) => page.sections.flatMap((s) => s.rows));
      expect(rows.find((r) => r.key === 'first_name')).toMatchObject({ value: 'Ada' });
      expect(rows.find((r) => r.key === 'first_name')?.label).not.toBe('Given name');
    });
  });
});
