import { describe, expect, it } from 'vitest';
import { BOOLEAN_FIELDS, DATA_MODEL_FIELDS } from '#form/data-model';
import { timetable } from '#form/institution-cycles';
import { allQuestions } from '#form/model';
import { takeSnapshot } from '#form/snapshot';
import { asAnEarlierForm } from '#form/snapshot.test-support';
import type { DocumentItem } from '../ports/answers';
import type { DecisionRecord } from '../ports/decisions';
import type { SubmittedApplication } from '../ports/submissions';
import { statusChecklist } from '../status-page';
import { writeExport, type ExportSources } from './export';
import { AS_SUBMITTED_COLUMN, CHECKLIST_CELL, CHECKLIST_COLUMNS, DECISION_COLUMNS, EXPORT_COLUMNS, exportRow } from './export-columns';
import { listItem } from './listing';

/** Every question answered yes or no: the yes/no questions and the boxes. */
const YES_NO_QUESTIONS = allQuestions
  .filter((q) => (q.type === 'radio' || q.type === 'dropdown') && q.options.map((o) => o.value).join() === 'Y,N')
  .map((q) => q.key);
const YES_NO_COLUMNS = [...YES_NO_QUESTIONS, ...BOOLEAN_FIELDS];

const app = (answers: Record<string, string>, id = 'sub-1'): SubmittedApplication => ({
  id,
  reference: 'Y7J347YY',
  email: 'ada@example.edu',
  officeStatus: 'submitted',
  submittedAt: '2026-11-01T10:00:00.000Z',
  answers,
});
const transcript: DocumentItem = {
  key: 'hs_transcript',
  file_key: 'k',
  file_name: 'transcript.png',
  file_size: 10,
  status: 'COMPLETED',
  converted_key: 'c.pdf',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

describe('the export columns', () => {
  it('start with who and when, the e-mail among them, then the cycle, round and lateness, then the materials, then every answer key in model order', () => {
    expect(EXPORT_COLUMNS.slice(0, 10)).toEqual([
      'id',
      'reference',
      'submitted_at',
      'email',
      'cycle',
      'round',
      'late',
      'transcript_status',
      'test_scores_status',
      'resume_status',
    ]);
    expect(CHECKLIST_COLUMNS).toEqual(['transcript_status', 'test_scores_status', 'resume_status']);
    expect(EXPORT_COLUMNS.filter((c) => DATA_MODEL_FIELDS.includes(c))).toEqual(DATA_MODEL_FIELDS);
    expect(new Set(EXPORT_COLUMNS).size).toBe(EXPORT_COLUMNS.length);
  });

  it("carry the applicant's e-mail", () => {
    expect(exportRow(app({}), []).email).toBe('ada@example.edu');
  });

  it('say yes and no one way in every column: Y or N, blank only for a question not answered', () => {
    expect(YES_NO_QUESTIONS).toEqual(expect.arrayContaining(['conviction', 'test_optional', 'first_gen_student', 'sat_taken']));
    for (const stored of ['true', 'false', 'Y', 'N', '']) {
      const answers = Object.fromEntries(
        YES_NO_COLUMNS.map((k) => [
          k,
          BOOLEAN_FIELDS.includes(k)
            ? stored === 'Y'
              ? 'true'
              : stored === 'N'
                ? 'false'
                : stored
            : stored === 'true'
              ? 'Y'
              : stored === 'false'
                ? 'N'
                : stored,
        ]),
      );
      const row = exportRow(app(answers), []);
      for (const column of YES_NO_COLUMNS) expect(['Y', 'N', ''], `${column} from ${JSON.stringify(stored)}`).toContain(row[column]);
      expect(Object.values(row)).not.toContain('true');
      expect(Object.values(row)).not.toContain('false');
    }
  });

  it('write a ticked box Y and a box left alone N (never blank), and a yes/no answer as given', () => {
    const row = exportRow(app({ race_white: 'true', race_asian: 'false', conviction: 'N', test_optional: 'Y' }), []);
    expect(row).toMatchObject({ race_white: 'Y', race_asian: 'N', optin_sms_ind: 'N', legal_agree: 'N', conviction: 'N', test_optional: 'Y', suspended: '' });
  });

  it("give each material's state in words, as the status page's checklist does", () => {
    const entries = statusChecklist({ answers: { test_optional: 'Y' }, documents: [transcript], supplements: [] }, {});
    const row = exportRow(app({ test_optional: 'Y' }), entries);
    expect(row).toMatchObject({ transcript_status: 'received', test_scores_status: 'awaiting', resume_status: 'not required' });
    expect(Object.values(CHECKLIST_CELL).sort()).toEqual(['awaiting', 'not required', 'received', 'waived']);
  });

  it('say what the office marked: a material received or waived', () => {
    const marks = { test_scores: { status: 'waived' as const, by: 'r@example.edu', at: '2026-12-01T00:00:00.000Z' } };
    const entries = statusChecklist({ answers: { test_optional: 'Y' }, documents: [], supplements: [], materials: { marks, version: 1 } }, {});
    expect(exportRow(app({ test_optional: 'Y' }), entries)).toMatchObject({ transcript_status: 'awaiting', test_scores_status: 'waived' });
  });
});

describe('the office columns', () => {
  const released: DecisionRecord = {
    decision: 'admit',
    note: 'internal',
    decided_by: 'd@example.edu',
    decided_at: '2026-12-01T10:00:00.000Z',
    released: { decision: 'admit', at: '2026-12-05T12:00:00.000Z', release_id: 'r1' },
    reply: { choice: 'accept', at: '2026-12-06T08:00:00.000Z' },
    version: 3,
  };

  it('come after the answers: the office status, then the decision, when it was released, the reply and when', () => {
    expect(EXPORT_COLUMNS.slice(-5)).toEqual(['office_status', 'decision', 'released_at', 'reply', 'replied_at']);
    expect(DECISION_COLUMNS).toEqual(['decision', 'released_at', 'reply', 'replied_at']);
  });

  it("carry the decision record's values, and are blank without one (a reader's export reads none); never the note", () => {
    const row = exportRow({ ...app({}), officeStatus: 'released' }, [], released);
    expect(row).toMatchObject({
      office_status: 'released',
      decision: 'admit',
      released_at: '2026-12-05T12:00:00.000Z',
      reply: 'accept',
      replied_at: '2026-12-06T08:00:00.000Z',
    });
    expect(Object.values(row)).not.toContain('internal');
    expect(exportRow({ ...app({}), officeStatus: 'released' }, [])).toMatchObject({
      office_status: 'released',
      decision: '',
      released_at: '',
      reply: '',
      replied_at: '',
    });
  });

  it('in the list: the decision and the reply for deciders and admins, never for a reader', () => {
    const decided = { ...app({}), officeStatus: 'released' as const, decision: 'admit' as const, reply: 'accept' as const };
    expect(listItem(decided, 'decider', timetable)).toMatchObject({ office_status: 'released', decision: 'admit', reply: 'accept' });
    expect(listItem(decided, 'admin', timetable)).toMatchObject({ decision: 'admit', reply: 'accept' });
    const read = listItem(decided, 'reader', timetable);
    expect(read.office_status).toBe('released');
    expect(read).not.toHaveProperty('decision');
    expect(read).not.toHaveProperty('reply');
  });
});

describe('the placement columns', () => {
  it('say the cycle and round ids and Y when late, after the e-mail; one submitted before cycles is the first cycle’s, no round, N', () => {
    expect(EXPORT_COLUMNS.slice(0, 7)).toEqual(['id', 'reference', 'submitted_at', 'email', 'cycle', 'round', 'late']);
    const late = exportRow({ ...app({}), placement: { cycle: 'next', round: 'rd', late: true } }, [], undefined, '', timetable);
    expect([late.cycle, late.round, late.late]).toEqual(['next', 'rd', 'Y']);
    const before = exportRow(app({}), [], undefined, '', timetable);
    expect([before.cycle, before.round, before.late]).toEqual([timetable.cycles[0]!.id, '', 'N']);
  });
});

describe('an export', () => {
  /** Two applications: one with its transcript and scores to come, one whose counselor sends the transcript. */
  const apps = [app({ test_optional: 'Y', race_white: 'true' }, 'a'), app({ test_optional: 'N' }, 'b')];
  const sources: ExportSources = {
    querySubmissions: async () => ({ items: apps }),
    readApplicantRecord: async (id) => ({ answers: apps.find((a) => a.id === id)!.answers, documents: id === 'a' ? [transcript] : [], supplements: [] }),
    readTabs: async (id): Promise<Record<string, string>> => (id === 'b' ? { transcript_source: 'counselor' } : {}),
  };

  it("reads each application's checklist with the status page's rule, and writes it beside the answers", async () => {
    let text = '';
    const count = await writeExport(sources, 'json', {}, { write: async (t) => void (text += t) });
    expect(count).toBe(2);
    const rows = JSON.parse(text) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual(EXPORT_COLUMNS);
    expect(rows.map((r) => [r.id, r.email, r.transcript_status, r.test_scores_status, r.resume_status, r.race_white])).toEqual([
      ['a', 'ada@example.edu', 'received', 'awaiting', 'not required', 'Y'],
      ['b', 'ada@example.edu', 'awaiting', 'not required', 'not required', 'N'],
    ]);
    expect(rows.map((r) => r.decision)).toEqual(['', '']);
  });

  it('carries, for an application kept as submitted, the questions the form no longer asks in those words', async () => {
    const snapshot = takeSnapshot({ answers: { first_name: 'Ada' } }, new Date('2026-11-01T00:00:00Z'));
    const earlier = asAnEarlierForm(snapshot, { reworded: { first_name: 'Given name' }, removed: [{ key: 'old', label: 'Removed since', value: 'Kept' }] });
    const withSnapshot: ExportSources = {
      ...sources,
      readApplicantRecord: async (id) => ({ ...(await sources.readApplicantRecord(id)), ...(id === 'a' ? { snapshot: earlier } : {}) }),
    };
    let text = '';
    await writeExport(withSnapshot, 'json', {}, { write: async (t) => void (text += t) });
    const cells = (JSON.parse(text) as Array<Record<string, string>>).map((r) => r[AS_SUBMITTED_COLUMN]);
    expect(JSON.parse(cells[0]!)).toEqual([
      { key: 'first_name', label: 'Given name', value: 'Ada' },
      { key: 'old', label: 'Removed since', value: 'Kept' },
    ]);
    // An application submitted before snapshots: blank, its answers are in the model's columns.
    expect(cells[1]).toBe('');
  });

  it("reads each application's decision record when it may show decisions", async () => {
    let text = '';
    const readDecision = async (id: string): Promise<DecisionRecord | undefined> =>
      id === 'b' ? { decision: 'deny', note: '', decided_by: 'd@example.edu', decided_at: '2026-12-01T10:00:00.000Z', version: 1 } : undefined;
    await writeExport({ ...sources, readDecision }, 'csv', {}, { write: async (t) => void (text += t) });
    const [header, first, second] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const at = header!.indexOf('decision');
    expect([first![at], second![at]]).toEqual(['', 'deny']);
  });
});

describe('docs/staff-api.md', () => {
  it("lists every column of the export, in the export's order, and no other", async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../docs/staff-api.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf("### The export's columns"));
    const listed = [...section.matchAll(/^\| `([a-z0-9_]+)` +\|/gm)].map((m) => m[1]);
    expect(listed).toEqual(EXPORT_COLUMNS);
  });
});
