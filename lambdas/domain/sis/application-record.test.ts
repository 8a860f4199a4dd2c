import { describe, expect, it } from 'vitest';
import { documentQuestionKeys } from '#form/model';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { NotFound } from '../errors';
import type { DocumentItem } from '../ports/answers';
import type { DecisionRecord } from '../ports/decisions';
import type { NumberedChange } from '../ports/office-status';
import type { SubmittedApplication } from '../ports/submissions';
import { readSisApplication, type SisApplicationPorts } from './application-record';

const TIMETABLE = chicagoTimetable([
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', lateDays: 3, decisionDate: '2026-12-15', replyBy: '2027-05-01' },
]);
const [docKey] = documentQuestionKeys as [string];
const app: SubmittedApplication = {
  id: 'a1',
  reference: 'REF12345',
  email: 'ada@example.com',
  submittedAt: '2026-10-30T00:00:00.000Z',
  answers: { first_name: 'Ada', last_name: 'King', birth_date: '2008-12-10', applied_major: 'BIO', applied_major_desc: 'Biology', entry_term: 'FA27' },
  officeStatus: 'released',
  placement: { cycle: '2027', round: 'ea', late: false },
};
const doc: DocumentItem = {
  key: docKey,
  file_key: 'uploads/a1/x/f',
  file_name: 'essay.pdf',
  file_size: 10,
  status: 'COMPLETED',
  converted_key: 'documents/a1/essay.pdf',
  updatedAt: '2026-10-29T00:00:00.000Z',
};
/** A link names the object and the file it is saved as: what the record must hand out. */
const fakeLinks = { signPdfDownload: (key: string, fileName: string) => Promise.resolve(`https://files.test/${key}?as=${fileName}`) };
const TRANSCRIPT_MARK = { status: 'received', received_at: '2026-11-20', by: 'sis:banner', at: '2026-11-21T10:00:00.000Z' } as const;
const change = (at: string, to: NumberedChange['to']): NumberedChange => ({ seq: 1, at, staff: 's@office', from: 'submitted', to, what: '' });

function ports(decision?: DecisionRecord, submitted: SubmittedApplication | null = app, history: NumberedChange[] = []) {
  const journal: string[] = [];
  const p: SisApplicationPorts = {
    readSubmitted: () => Promise.resolve(submitted ?? undefined),
    readApplicantDocuments: () =>
      Promise.resolve({
        documents: [doc, { ...doc, key: 'not_a_question', file_name: 'stray.pdf' }],
        pdf: { status: 'COMPLETED' as const, objectKey: 'pdfs/a1/application.pdf' },
      }),
    readApplicantRecord: () =>
      Promise.resolve({ answers: app.answers, documents: [], supplements: [], materials: { marks: { transcript: TRANSCRIPT_MARK }, version: 1 } }),
    readSnapshot: () => Promise.resolve(undefined),
    readHistory: () => Promise.resolve(history),
    decisions: { readDecision: () => Promise.resolve(decision) },
    links: fakeLinks,
    audit: (record) => {
      journal.push(`${record.action}:${record.application}`);
      return Promise.resolve();
    },
    timetable: TIMETABLE,
  };
  return { p, journal };
}

describe("a student information system's read of one application", () => {
  it('answers the application with its answers in words, the documents submitted, and records the read', async () => {
    const { p, journal } = ports();
    const record = await readSisApplication(p, 'a1');
    expect(record).toMatchObject({
      id: 'a1',
      reference: 'REF12345',
      cycle: '2027',
      round: 'ea',
      late: false,
      term: 'FA27',
      major: 'BIO',
      applicant: { name: 'Ada King', email: 'ada@example.com', birth_date: '2008-12-10' },
      documents: [{ kind: docKey, file_name: 'essay.pdf', url: expect.stringMatching(/^https:\/\/files\.test\/documents\/a1\/essay\.pdf\?as=REF12345-/) }],
      pdf: { file_name: 'application-REF12345.pdf', url: 'https://files.test/pdfs/a1/application.pdf?as=application-REF12345.pdf' },
      updated_at: app.submittedAt,
    });
    expect(record.answers.applied_major).toEqual({ value: 'BIO', label: 'Biology' });
    expect(record.answers.first_name).toEqual({ value: 'Ada', label: 'Ada' });
    expect(record.answers).not.toHaveProperty('applied_major_desc');
    // The materials as the office reads them: the transcript's mark, whoever made it.
    expect(record.materials.items.find((i) => i.id === 'transcript')).toMatchObject({ mark: TRANSCRIPT_MARK });
    expect(journal).toEqual(['read:a1']);
  });

  it('shows a decision only once released, with its reply, and the latest change as updated_at', async () => {
    const staged: DecisionRecord = { decision: 'admit', note: '', decided_by: 'd@office', decided_at: '2026-12-01T00:00:00.000Z', version: 1 };
    const hidden = await readSisApplication(ports(staged, app, [change('2026-12-01T00:00:00.000Z', 'decided')]).p, 'a1');
    expect(hidden).not.toHaveProperty('decision');
    expect(hidden).not.toHaveProperty('released_at');
    expect(hidden.updated_at).toBe('2026-12-01T00:00:00.000Z');
    const released: DecisionRecord = {
      ...staged,
      released: { decision: 'admit', at: '2026-12-15T12:00:00.000Z', release_id: 'r1' },
      reply: { choice: 'accept', at: '2027-01-03T00:00:00.000Z' },
    };
    const shown = await readSisApplication(ports(released, app, [change('2026-12-01T00:00:00.000Z', 'decided')]).p, 'a1');
    expect(shown).toMatchObject({ decision: 'admit', released_at: '2026-12-15T12:00:00.000Z', reply: 'accept', updated_at: '2027-01-03T00:00:00.000Z' });
  });

  it('gives a document still being converted no link, and the change index time as updated_at', async () => {
    const { p } = ports(undefined, { ...app, changeKey: '2027-02-01T09:00:00.000Z#a1' });
    p.readApplicantDocuments = () => Promise.resolve({ documents: [{ ...doc, status: 'PROCESSING', converted_key: undefined }] });
    const record = await readSisApplication(p, 'a1');
    expect(record.documents).toEqual([{ kind: docKey, file_name: 'essay.pdf' }]);
    expect(record).not.toHaveProperty('pdf');
    expect(record.updated_at).toBe('2027-02-01T09:00:00.000Z');
  });

  it('answers 404 in words for an id no submitted application has, recording nothing', async () => {
    const { p, journal } = ports(undefined, null);
    await expect(readSisApplication(p, 'nope')).rejects.toThrow(new NotFound('There is no submitted application with this id.'));
    expect(journal).toEqual([]);
  });
});
