import { describe, expect, it } from 'vitest';
import { takeSnapshot } from '#form/snapshot';
import type { ApplicantRecord, DocumentItem } from './ports/answers';
import { readDocumentAnswers, readProfile, readServiceView } from './profile';

const doc = (key: string, file_name: string): DocumentItem => ({
  key,
  file_key: `uploads/a1/${key}/1`,
  file_name,
  file_size: 10,
  status: 'COMPLETED',
  updatedAt: '',
});
const record: ApplicantRecord = {
  answers: { first_name: 'Ada' },
  documents: [doc('transcript', 't.pdf'), doc('essay', '')],
  supplements: [],
  submittedAt: '2027-01-01T00:00:00.000Z',
  reference: 'REF12345',
};

describe("the applicant's own data", () => {
  it('answers a document only once the applicant attached it (a file with no name yet is none)', async () => {
    const answers = await readDocumentAnswers({ readApplicantDocuments: () => Promise.resolve({ documents: record.documents }) }, 'a1');
    expect(answers).toEqual({ transcript: { file_key: 'uploads/a1/transcript/1', file_name: 't.pdf', file_size: 10, status: 'COMPLETED' } });
  });

  it("names the profile by the status's username, else the token's", async () => {
    const status = { web_status: ['started'], successful_login: ['2026-11-01T00:00:00.000Z'] };
    const ports = (username?: string) => ({
      readApplicantRecord: () => Promise.resolve(record),
      readStatus: () => Promise.resolve({ ...status, ...(username ? { username } : {}) }),
    });
    expect(await readProfile(ports('ada@example.edu'), { sub: 'a1', username: 'uuid' })).toMatchObject({
      username: 'ada@example.edu',
      reference: 'REF12345',
      web_status: [{ web_status: 'started' }],
    });
    expect((await readProfile(ports(), { sub: 'a1', username: 'uuid' })).username).toBe('uuid');
  });

  it("reads a later cycle's application with the account's sign-ins and username, and its own pages and statuses", async () => {
    const statuses: Record<string, { web_status: string[]; successful_login: string[]; username?: string; last_page?: string }> = {
      a1: {
        web_status: ['submitted'],
        successful_login: ['2026-11-01T00:00:00.000Z', '2027-10-01T00:00:00.000Z'],
        username: 'ada@example.edu',
        last_page: 'final',
      },
      'a1--2028': { web_status: ['started'], successful_login: [], last_page: 'about' },
    };
    const read: string[] = [];
    const ports = {
      readApplicantRecord: (key: string) => Promise.resolve({ ...record, answers: { first_name: key } }),
      readStatus: (key: string) => {
        read.push(key);
        return Promise.resolve(statuses[key]!);
      },
    };
    expect(await readProfile(ports, { sub: 'a1', application: 'a1--2028', username: 'uuid' })).toMatchObject({
      answer: { first_name: 'a1--2028' },
      username: 'ada@example.edu',
      successful_login: statuses.a1!.successful_login,
      last_page: 'about',
      web_status: [{ web_status: 'started' }],
    });
    // The first application is the account's own: one status read.
    read.length = 0;
    expect(await readProfile(ports, { sub: 'a1', application: 'a1', username: 'uuid' })).toMatchObject({ last_page: 'final' });
    expect(read).toEqual(['a1']);
  });

  it('gives the service view the answers, tabs, counts and attached documents', async () => {
    const view = await readServiceView(
      { readApplicantRecord: () => Promise.resolve(record), readTabs: () => Promise.resolve({ g: 't' }), readAddAnother: () => Promise.resolve({ b: 2 }) },
      'a1',
    );
    expect(view).toEqual({
      answer: { first_name: 'Ada' },
      add_another: { b: 2 },
      document_answer: { transcript: expect.objectContaining({ file_name: 't.pdf' }) },
      tabs: { g: 't' },
      submitted_at: '2027-01-01T00:00:00.000Z',
      reference: 'REF12345',
      snapshot: null,
      language: null,
    });
  });

  it("prints in the language the token was issued for (the applicant's own PDF, issue 41)", async () => {
    const ports = { readApplicantRecord: () => Promise.resolve(record), readTabs: () => Promise.resolve({}), readAddAnother: () => Promise.resolve({}) };
    expect((await readServiceView(ports, 'a1', 'ar')).language).toBe('ar');
  });

  it('gives it the application as submitted, when it was kept, to print instead of the model', async () => {
    const snapshot = takeSnapshot({ answers: record.answers }, new Date('2027-01-01T00:00:00.000Z'));
    const view = await readServiceView(
      { readApplicantRecord: () => Promise.resolve({ ...record, snapshot }), readTabs: () => Promise.resolve({}), readAddAnother: () => Promise.resolve({}) },
      'a1',
    );
    expect(view.snapshot).toBe(snapshot);
  });
});
