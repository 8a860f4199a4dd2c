import { describe, expect, it, vi } from 'vitest';
import { NotFound, Conflict } from '../errors';
import type { StoredFiles } from '../ports/documents';
import type { SubmittedApplication } from '../ports/submissions';
import { applicantPdfDownload, applicationFileName, documentFileName, slugOf, staffDownload, type StaffDownloadPorts } from './downloads';

const app: SubmittedApplication = {
  id: 'sub-1',
  reference: 'Y7J347YY',
  email: 'ada@example.edu',
  officeStatus: 'submitted',
  submittedAt: '2026-11-01T10:00:00.000Z',
  answers: {},
};
const doc = (key: string, status = 'COMPLETED') => ({
  key,
  file_key: `k/${key}`,
  file_name: `${key}.png`,
  file_size: 10,
  status,
  converted_key: `converted/${key}.pdf`,
  updatedAt: '2026-11-01T09:00:00.000Z',
});

function staffPorts(stored: StoredFiles, submitted: SubmittedApplication | null = app) {
  const audit = vi.fn(async () => {});
  const signPdfDownload = vi.fn(async (key: string, name: string) => `https://files.example/${key}?name=${name}`);
  const ports: StaffDownloadPorts = {
    files: { readApplicantDocuments: async () => stored },
    links: { signPdfDownload },
    readSubmitted: async () => submitted ?? undefined,
    audit,
  };
  return { ports, audit, signPdfDownload };
}

describe('download file names', () => {
  it('slugs a print label: lower case, words joined by hyphens, accents dropped', () => {
    expect(slugOf('High School Transcript')).toBe('high-school-transcript');
    expect(slugOf('  Résumé / CV ')).toBe('resume-cv');
  });

  it("names a document by the application's reference and its question's print label", () => {
    expect(documentFileName('Y7J347YY', 'hs_transcript')).toBe('Y7J347YY-high-school-transcript.pdf');
    expect(documentFileName('Y7J347YY', 'resume')).toBe('Y7J347YY-resume.pdf');
  });

  it('names the application PDF by its reference (plainly before there is one)', () => {
    expect(applicationFileName('Y7J347YY')).toBe('application-Y7J347YY.pdf');
    expect(applicationFileName(undefined)).toBe('application.pdf');
  });
});

describe('a staff download', () => {
  it('records the read, then signs a new link to the converted document under its name', async () => {
    const { ports, audit, signPdfDownload } = staffPorts({ documents: [doc('hs_transcript')] });
    const url = await staffDownload(ports, 'sub-1', { kind: 'document', question: 'hs_transcript' });
    expect(url).toBe('https://files.example/converted/hs_transcript.pdf?name=Y7J347YY-high-school-transcript.pdf');
    expect(audit).toHaveBeenCalledWith({ action: 'download', application: 'sub-1', detail: { document: 'hs_transcript' } });
    expect(audit.mock.invocationCallOrder[0]).toBeLessThan(signPdfDownload.mock.invocationCallOrder[0]!);
  });

  it('names the application PDF, and falls back to the id for an application submitted before references', async () => {
    const { ports } = staffPorts({ documents: [], pdf: { status: 'COMPLETED', objectKey: 'pdf/sub-1.pdf' } }, { ...app, reference: '' });
    expect(await staffDownload(ports, 'sub-1', { kind: 'application-pdf' })).toBe('https://files.example/pdf/sub-1.pdf?name=application-sub-1.pdf');
  });

  it('refuses, as not found, an unknown question (before reading or recording anything), an unknown application, and a file not converted', async () => {
    const unknown = staffPorts({ documents: [] });
    await expect(staffDownload(unknown.ports, 'sub-1', { kind: 'document', question: 'first_name' })).rejects.toBeInstanceOf(NotFound);
    expect(unknown.audit).not.toHaveBeenCalled();
    const none = staffPorts({ documents: [] }, null);
    await expect(staffDownload(none.ports, 'sub-1', { kind: 'application-pdf' })).rejects.toBeInstanceOf(NotFound);
    expect(none.audit).not.toHaveBeenCalled();
    const converting = staffPorts({ documents: [doc('hs_transcript', 'IN_PROGRESS')], pdf: { status: 'IN_PROGRESS' } });
    await expect(staffDownload(converting.ports, 'sub-1', { kind: 'document', question: 'hs_transcript' })).rejects.toBeInstanceOf(NotFound);
    await expect(staffDownload(converting.ports, 'sub-1', { kind: 'application-pdf' })).rejects.toBeInstanceOf(NotFound);
    expect(converting.signPdfDownload).not.toHaveBeenCalled();
  });
});

describe("the applicant's PDF download", () => {
  const links = { signPdfDownload: async (key: string, name: string) => `${key}#${name}` };

  it('signs a link to the current PDF, named by the reference', async () => {
    const stored: StoredFiles = {
      documents: [],
      reference: 'Y7J347YY',
      submittedAt: '2026-11-01T10:00:00.000Z',
      pdf: { status: 'COMPLETED', objectKey: 'pdf/a.pdf', sourceVersion: '2026-11-01T10:00:00.000Z' },
    };
    expect(await applicantPdfDownload({ files: { readApplicantDocuments: async () => stored }, links }, 'sub-1')).toBe('pdf/a.pdf#application-Y7J347YY.pdf');
  });

  it('refuses a PDF older than the application, or none', async () => {
    const stale: StoredFiles = {
      documents: [],
      submittedAt: '2026-11-02T10:00:00.000Z',
      pdf: { status: 'COMPLETED', objectKey: 'pdf/a.pdf', sourceVersion: '2026-11-01T10:00:00.000Z' },
    };
    await expect(applicantPdfDownload({ files: { readApplicantDocuments: async () => stale }, links }, 'sub-1')).rejects.toBeInstanceOf(Conflict);
    await expect(applicantPdfDownload({ files: { readApplicantDocuments: async () => ({ documents: [] }) }, links }, 'sub-1')).rejects.toBeInstanceOf(Conflict);
  });
});
