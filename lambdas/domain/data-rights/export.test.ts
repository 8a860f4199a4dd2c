import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { policies } from '#form/institution-policies';
import type { PrintedPage } from '#form/print';
import { takeSnapshot } from '#form/snapshot';
import { asAnEarlierForm } from '#form/snapshot.test-support';
import type { ApplicantMessage } from '#form/wire/messages';
import { TooManyRequests } from '../errors';
import { MemoryExports } from '../memory-exports.test-support';
import type { ApplicantRecord, DocumentItem } from '../ports/answers';
import type { DecisionRecord } from '../ports/decisions';
import type { StreamedUpload } from '../ports/exports';
import type { RecommendationRecord } from '../ports/recommendations';
import { checkExportLimit, exportMyData, labelledAnswers, writeDataExport, type DataExportSources } from './export';

const doc = (key: string, converted_key: string, status = 'COMPLETED'): DocumentItem => ({
  key,
  file_key: `uploads/s/${key}/1`,
  file_name: `${key}.docx`,
  file_size: 10,
  status,
  converted_key,
  updatedAt: '2026-11-01T00:00:00Z',
});

const settings = {
  institution: institution.name,
  majors: institution.majors,
  letters: policies.decisions.letters,
  afterReply: policies.decisions.afterReply,
  signature: policies.decisions.signature,
  replyBy: '2027-05-01',
  timeZone: 'America/Chicago',
  helpEmail: 'help@example.edu',
  address: ['100 University Avenue'],
};

function sources(
  record: ApplicantRecord,
  pdf?: string,
  extra: { decision?: DecisionRecord; recommendations?: RecommendationRecord[]; messages?: ApplicantMessage[] } = {},
): DataExportSources & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readDecision: () => Promise.resolve(extra.decision),
    listRecommendations: () => Promise.resolve(extra.recommendations ?? []),
    decisionSettings: settings,
    readApplications: () => Promise.resolve(undefined),
    listMessages: () => Promise.resolve(extra.messages ?? []),
    readApplicantRecord: () => Promise.resolve(record),
    readApplicantDocuments: () =>
      Promise.resolve({
        documents: record.documents,
        ...(pdf ? { pdf: { status: 'COMPLETED', objectKey: pdf, sourceVersion: '9999' } } : {}),
        ...(record.submittedAt ? { submittedAt: record.submittedAt } : {}),
      }),
    readStatus: () =>
      Promise.resolve({
        web_status: ['ACCOUNT_CREATED', 'SUBMITTED'],
        successful_login: ['2026-10-01T09:00:00Z', '2026-10-02T09:00:00Z'],
        username: 'ada@example.com',
      }),
    readPdf: (key) => {
      reads.push(key);
      return Promise.resolve(key.includes('gone') ? undefined : new TextEncoder().encode(`%PDF ${key}`));
    },
  };
}

class MemoryArchive {
  readonly files = new Map<string, { text: string; compress: boolean }>();
  add(name: string, bytes: Uint8Array, compress: boolean) {
    this.files.set(name, { text: new TextDecoder().decode(bytes), compress });
    return Promise.resolve();
  }
}

describe('labelledAnswers', () => {
  it('names each answer by its question and puts a choice’s words beside its code', () => {
    const out = labelledAnswers({ first_name: 'Ada', entry_term: '2027FA', entry_term_desc: 'Fall 2027', unknown_key: 'x' });
    expect(out).toEqual([
      { key: 'first_name', question: 'First Name', answer: 'Ada' },
      { key: 'entry_term', question: 'Entry Term', answer: '2027FA', answer_label: 'Fall 2027' },
      { key: 'unknown_key', question: 'unknown_key', answer: 'x' },
    ]);
  });
});

describe('writeDataExport', () => {
  it('writes the answers, the account, the PDF, each converted document under its question, and a README', async () => {
    const record: ApplicantRecord = {
      answers: { first_name: 'Ada' },
      submittedAt: '2026-11-01T00:00:00Z',
      reference: 'K7M2Q9XH',
      documents: [doc('transcript', 'converted/s/transcript/1.pdf'), doc('essay', '', 'PROCESSING'), doc('resume', 'converted/s/resume/gone.pdf')],
      supplements: [],
    };
    const archive = new MemoryArchive();
    const names = await writeDataExport(sources(record, 'applications/s/application.pdf'), 's', archive);

    expect(names[0]).toBe('answers.json');
    expect(names).toContain('account.json');
    expect(names).toContain('application.pdf');
    expect(names.filter((n) => n.startsWith('documents/'))).toHaveLength(1);
    expect(names.at(-1)).toBe('README.txt');
    expect(JSON.parse(archive.files.get('account.json')!.text)).toEqual({
      email: 'ada@example.com',
      first_signed_in_at: '2026-10-01T09:00:00Z',
      signed_in_at: ['2026-10-01T09:00:00Z', '2026-10-02T09:00:00Z'],
      web_status: ['ACCOUNT_CREATED', 'SUBMITTED'],
      last_page: null,
      reference: 'K7M2Q9XH',
      submitted_at: '2026-11-01T00:00:00Z',
    });
    expect(archive.files.get('application.pdf')!.compress).toBe(false);
    expect(archive.files.get('README.txt')!.text).toContain('answers.json');
  });

  it('holds the application as submitted, in the words the applicant saw, when it was kept', async () => {
    const snapshot = takeSnapshot({ answers: { first_name: 'Ada' } }, new Date('2026-11-01T00:00:00Z'));
    const earlier = asAnEarlierForm(snapshot, { removed: [{ key: 'old', label: 'A question since removed', value: 'Its answer' }] });
    const archive = new MemoryArchive();
    const names = await writeDataExport(
      sources({ answers: { first_name: 'Ada' }, submittedAt: '2026-11-01T00:00:00Z', documents: [], supplements: [], snapshot: earlier }),
      's',
      archive,
    );
    expect(names).toContain('application-as-submitted.json');
    const kept = JSON.parse(archive.files.get('application-as-submitted.json')!.text) as { taken_at: string; pages: PrintedPage[] };
    expect(kept.taken_at).toBe('2026-11-01T00:00:00.000Z');
    expect(kept.pages.flatMap((p) => p.sections.flatMap((s) => s.rows))).toContainEqual({ key: 'old', label: 'A question since removed', value: 'Its answer' });
    expect(archive.files.get('README.txt')!.text).toContain('application-as-submitted.json');
  });

  it('says there is no PDF or document when there is none', async () => {
    const archive = new MemoryArchive();
    const names = await writeDataExport(sources({ answers: {}, documents: [], supplements: [] }), 's', archive);
    expect(names).toEqual(['answers.json', 'account.json', 'README.txt']);
    expect(archive.files.get('README.txt')!.text).toContain('There is no application PDF');
  });

  it('holds the messages the office sent the application (issue 40): they are theirs', async () => {
    const archive = new MemoryArchive();
    const message: ApplicantMessage = { id: 'm1', subject: 'Your deadline', text: 'Dear Ada,', sent_at: '2026-10-03T09:00:00.000Z' };
    const names = await writeDataExport(sources({ answers: {}, documents: [], supplements: [] }, undefined, { messages: [message] }), 's', archive);
    expect(names).toContain('messages.json');
    expect(JSON.parse(archive.files.get('messages.json')!.text)).toEqual([message]);
    expect(archive.files.get('README.txt')!.text).toContain('messages.json  The messages the admissions office sent you (1)');
  });

  it("adds each later cycle's application in a folder of its own (issue 37), with the account's address", async () => {
    const archive = new MemoryArchive();
    const records: Record<string, ApplicantRecord> = {
      s: { answers: { first_name: 'Ada', entry_term: '2027FA' }, documents: [], supplements: [] },
      's--2028': { answers: { first_name: 'Ada', entry_term: '2028FA' }, documents: [], supplements: [] },
    };
    const src = {
      ...sources(records.s!),
      readApplicantRecord: (key: string) => Promise.resolve(records[key]!),
      readApplications: () =>
        Promise.resolve([
          { cycle: '2027', key: 's' },
          { cycle: '2028', key: 's--2028' },
        ]),
    };
    const names = await writeDataExport(src, 's', archive);
    expect(names).toEqual(['answers.json', 'account.json', 'README.txt', '2028/answers.json', '2028/account.json', '2028/README.txt']);
    expect(archive.files.get('2028/answers.json')!.text).toContain('2028FA');
    expect(archive.files.get('answers.json')!.text).toContain('2027FA');
    expect(JSON.parse(archive.files.get('2028/account.json')!.text)).toMatchObject({ email: 'ada@example.com' });
  });
});

describe('writeDataExport after a decision', () => {
  const submitted: ApplicantRecord = {
    answers: { first_name: 'Ada', entry_term: '2027FA', applied_major: 'CS' },
    submittedAt: '2026-11-01T00:00:00Z',
    reference: 'K7M2Q9XH',
    documents: [],
    supplements: [],
  };
  const recommender = (id: string, waiver: 'Y' | 'N', extra: Partial<RecommendationRecord> = {}): RecommendationRecord => ({
    id,
    sub: 's',
    role: 'teacher',
    firstName: 'Grace',
    lastName: `Hopper${id}`,
    email: `grace-${id}@school.example`,
    status: 'submitted',
    invitedAt: '2026-10-01T00:00:00Z',
    // Far ahead: an invited recommender here is still invited whatever day the test runs.
    expiresAt: '2099-11-30T00:00:00Z',
    submittedAt: '2026-10-05T00:00:00Z',
    tokenHashes: ['secret-hash'],
    applicant: { firstName: 'Ada', lastName: 'Lovelace', school: 'Springfield High', email: 'ada@example.com' },
    waiver,
    letter: { fileKey: `recommendations/${id}/u`, status: 'COMPLETED', convertedKey: `recommendations/${id}/u.pdf`, updatedAt: '2026-10-05T00:00:00Z' },
    comments: 'For the office only',
    relationship: 'Chemistry teacher',
    version: 3,
    ...extra,
  });

  it('holds the released decision with its letter and the reply, the recommenders, and only the letters not waived', async () => {
    const decision: DecisionRecord = {
      decision: 'deny',
      note: 'secret committee note',
      decided_by: 'decider@example.edu',
      decided_at: '2027-02-01T00:00:00Z',
      released: { decision: 'admit', at: '2027-03-01T12:00:00Z', release_id: 'r1' },
      reply: { choice: 'accept', at: '2027-03-02T15:00:00Z' },
      version: 4,
    };
    const recommendations = [
      recommender('a', 'Y'),
      recommender('b', 'N'),
      recommender('c', 'N', { status: 'invited', submittedAt: undefined, letter: undefined }),
    ];
    const archive = new MemoryArchive();
    const src = sources(submitted, undefined, { decision, recommendations });
    const names = await writeDataExport(src, 's', archive);

    const seen = JSON.parse(archive.files.get('decision.json')!.text) as Record<string, unknown>;
    expect(seen).toMatchObject({
      decision: 'admit',
      released_at: '2027-03-01T12:00:00Z',
      reply: { chosen: 'accept', replied_at: '2027-03-02T15:00:00Z', next_steps: policies.decisions.afterReply.accept },
    });
    expect(JSON.stringify(seen)).not.toMatch(/secret committee note|decider@example.edu|"deny"/);
    expect((seen.letter as { paragraphs: string[] }).paragraphs.at(-1)).toBe('You accepted the offer of admission on March 2, 2027.');
    // The letter's PDF as printed for the answered letter.
    expect(names).toContain('decision-letter.pdf');
    expect(src.reads).toContain('decision-letters/s/r1-replied.pdf');

    const listed = JSON.parse(archive.files.get('recommenders.json')!.text) as Array<Record<string, unknown>>;
    expect(listed.map((r) => [r.last_name, r.status, r.waived_right_to_read])).toEqual([
      ['Hoppera', 'submitted', true],
      ['Hopperb', 'submitted', false],
      ['Hopperc', 'invited', false],
    ]);
    expect(listed[0]).toMatchObject({ role: 'teacher', first_name: 'Grace', email: 'grace-a@school.example', invited_at: '2026-10-01T00:00:00Z' });
    expect(JSON.stringify(listed)).not.toMatch(/secret-hash|For the office only|Chemistry teacher/);
    // The letter the applicant waived the right to read is never read, let alone packed.
    expect(src.reads).not.toContain('recommendations/a/u.pdf');
    expect(names.filter((n) => n.startsWith('recommendations/'))).toEqual(['recommendations/teacher-hopperb.pdf']);
    expect(archive.files.get('README.txt')!.text).toMatch(/decision\.json[\s\S]*recommenders\.json[\s\S]*waived/);
  });

  it("holds no decision before a release: a staged one stays the office's", async () => {
    const staged: DecisionRecord = { decision: 'admit', note: 'n', decided_by: 'd@example.edu', decided_at: '2027-02-01T00:00:00Z', version: 1 };
    const archive = new MemoryArchive();
    const names = await writeDataExport(sources(submitted, undefined, { decision: staged }), 's', archive);
    expect(names).not.toContain('decision.json');
    expect(names).not.toContain('decision-letter.pdf');
    expect(names).not.toContain('recommenders.json');
  });
});

describe('checkExportLimit', () => {
  it('refuses a second build within the window with the time of the next', async () => {
    const error = await checkExportLimit(() => Promise.resolve({ allowed: false, retryAt: '2026-11-25T12:01:00.000Z' }), 's', new Date()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).extra.next_allowed_at).toBe('2026-11-25T12:01:00.000Z');
  });
});

describe('exportMyData', () => {
  const record: ApplicantRecord = { answers: { first_name: 'Ada' }, documents: [], supplements: [] };
  const zip = (object: StreamedUpload) => ({
    add: (name: string) => object.write(name),
    finish: () => object.write('end'),
  });
  const limits = (allowed: boolean) => ({ hit: () => Promise.resolve({ allowed, retryAt: '2026-11-26T12:01:00.000Z' }) });

  it("streams the ZIP into an object under the applicant's export prefix and answers its link", async () => {
    const exports = new MemoryExports();
    const link = await exportMyData({ sources: sources(record), limits: limits(true), exports, zip }, 's');
    const [key] = [...exports.objects.keys()];
    expect(key).toMatch(/^data-exports\/s\/[0-9a-f-]{36}\.zip$/);
    expect(exports.objects.get(key!)).toMatchObject({ contentType: 'application/zip' });
    expect(exports.objects.get(key!)!.chunks.at(-1)).toBe('end');
    expect(link).toBe(`https://exports/${key}?as=my-application-data.zip`);
  });

  it('refuses a second build within the minute before anything is written', async () => {
    const exports = new MemoryExports();
    await expect(exportMyData({ sources: sources(record), limits: limits(false), exports, zip }, 's')).rejects.toBeInstanceOf(TooManyRequests);
    expect(exports.journal).toEqual([]);
  });

  it('aborts the upload when a read fails, and hands out no link', async () => {
    const exports = new MemoryExports();
    const failing = { ...sources(record), readStatus: () => Promise.reject(new Error('table unavailable')) };
    await expect(exportMyData({ sources: failing, limits: limits(true), exports, zip }, 's')).rejects.toThrow('table unavailable');
    expect(exports.aborted).toHaveLength(1);
    expect(exports.objects.size).toBe(0);
    expect(exports.links).toEqual([]);
  });
});
