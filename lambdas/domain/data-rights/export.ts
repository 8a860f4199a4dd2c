/**
 * A copy of the applicant's data: a ZIP of what they gave and what the service keeps of them,
 * written file by file into an archive that streams out as it is written (the adapter holds one
 * part of the archive and one file at a time, never the whole).
 */
import { randomUUID } from 'node:crypto';
import { descKey } from '#form/data-model';
import { institution } from '#form/institution';
import { questionFor } from '#form/model';
import { printLabelOf } from '#form/print';
import { currentApplicationPdf } from '../documents/application-pdf';
import { slugOf } from '../documents/downloads';
import { TooManyRequests } from '../errors';
import type { ApplicantRecordReader, DocumentItem } from '../ports/answers';
import type { StoredFilesReader } from '../ports/documents';
import type { ExportsBucket, StreamedUpload } from '../ports/exports';
import type { RateLimiter } from '../ports/recommendations';
import type { StatusReader } from '../ports/status';
import { writeStreamed } from '../streamed-export';
import { dataExportPrefix } from './erasure';

export interface ArchiveWriter {
  /** Adds one file; `compress` false stores it as it is (PDFs are compressed already). */
  add(name: string, bytes: Uint8Array, compress: boolean): Promise<void>;
}

export interface DataExportSources extends ApplicantRecordReader, StoredFilesReader, StatusReader {
  /** A stored PDF's bytes (documents bucket), or undefined when it is gone. */
  readPdf(key: string): Promise<Uint8Array | undefined>;
}

/** One build per applicant per minute. */
export const EXPORT_WINDOW_SECONDS = 60;
export const exportTooSoon = (next: string): string => `Your data was packed less than a minute ago. You can download a new copy after ${next}.`;

export type ExportLimiter = (sub: string, now: Date) => Promise<{ allowed: boolean; retryAt: string }>;

/** Refuses a second build within the window: 429 with `next_allowed_at`. */
export async function checkExportLimit(limit: ExportLimiter, sub: string, now: Date): Promise<void> {
  const { allowed, retryAt } = await limit(sub, now);
  if (allowed) return;
  const error = new TooManyRequests(exportTooSoon(retryAt));
  error.extra.next_allowed_at = retryAt;
  throw error;
}

export const EXPORT_FILE_NAME = 'my-application-data.zip';

const README = (hasPdf: boolean, documents: readonly string[]) =>
  [
    `Your data from the ${institution.name} application`,
    '',
    'This archive holds a copy of what you gave us and what we keep about your account.',
    '',
    'answers.json   Every answer you saved, each with the question it answers ("question") and, for a',
    '               choice, the option you chose in words ("answer_label").',
    'account.json   Your e-mail address, the times you signed in (the first is when your account was',
    '               first used; the service keeps no separate sign-up date), your progress through the',
    '               application (web_status), and, once submitted, your reference and submission time.',
    hasPdf ? 'application.pdf  The application PDF as it was submitted.' : 'There is no application PDF: it is made when you submit.',
    documents.length
      ? `documents/     The documents you uploaded, as the PDFs we keep of them, each named after its question (${documents.length}).`
      : 'documents/     You have not uploaded any documents.',
    '',
    `Questions about your data: ${institution.helpEmail}.`,
    '',
  ].join('\r\n');

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** Every saved answer with its question's label, and the option's words beside a choice. */
export function labelledAnswers(answers: Readonly<Record<string, string>>): Array<{ key: string; question: string; answer: string; answer_label?: string }> {
  const out: Array<{ key: string; question: string; answer: string; answer_label?: string }> = [];
  for (const [key, answer] of Object.entries(answers)) {
    const question = questionFor(key);
    // A `<key>_desc` the model derives is shown beside its answer, not as an answer of its own.
    if (key.endsWith('_desc') && question && key !== question.key && answers[key.slice(0, -'_desc'.length)] !== undefined) continue;
    const label = answers[descKey(key)];
    out.push({ key, question: question ? printLabelOf(question) : key, answer, ...(label ? { answer_label: label } : {}) });
  }
  return out;
}

/** `documents/<question>.pdf`, unique within the archive. */
function documentNames(documents: readonly DocumentItem[]): Map<DocumentItem, string> {
  const names = new Map<DocumentItem, string>();
  const used = new Set<string>();
  for (const doc of documents) {
    const question = questionFor(doc.key);
    const base = slugOf(question ? printLabelOf(question) : doc.key) || 'document';
    let name = `documents/${base}.pdf`;
    for (let n = 2; used.has(name); n++) name = `documents/${base}-${n}.pdf`;
    used.add(name);
    names.set(doc, name);
  }
  return names;
}

/** Writes the archive's files; answers the names written, in order. */
export async function writeDataExport(sources: DataExportSources, sub: string, archive: ArchiveWriter): Promise<string[]> {
  const [record, files, status] = await Promise.all([sources.readApplicantRecord(sub), sources.readApplicantDocuments(sub), sources.readStatus(sub)]);
  const written: string[] = [];
  const add = async (name: string, bytes: Uint8Array, compress: boolean) => {
    await archive.add(name, bytes, compress);
    written.push(name);
  };

  await add('answers.json', json(labelledAnswers(record.answers)), true);
  await add(
    'account.json',
    json({
      email: status.username ?? null,
      first_signed_in_at: status.successful_login[0] ?? null,
      signed_in_at: status.successful_login,
      web_status: status.web_status,
      last_page: status.last_page ?? null,
      reference: record.reference ?? null,
      submitted_at: record.submittedAt ?? null,
    }),
    true,
  );

  const pdfKey = currentApplicationPdf(files);
  const pdf = pdfKey ? await sources.readPdf(pdfKey) : undefined;
  if (pdf) await add('application.pdf', pdf, false);

  const converted = [...record.documents, ...record.supplements].filter((d) => d.status === 'COMPLETED' && d.converted_key);
  const names = documentNames(converted);
  const included: string[] = [];
  for (const doc of converted) {
    // One document in memory at a time: read, added to the archive, dropped.
    const bytes = await sources.readPdf(doc.converted_key!);
    if (!bytes) continue;
    const name = names.get(doc)!;
    await add(name, bytes, false);
    included.push(name);
  }
  await add('README.txt', new TextEncoder().encode(README(pdf !== undefined, included)), true);
  return written;
}

const ZIP = 'application/zip';

export interface DataExportPorts {
  sources: DataExportSources;
  limits: RateLimiter;
  exports: ExportsBucket;
  /** A ZIP archive that streams into the object as files are added. */
  zip(object: StreamedUpload): ArchiveWriter & { finish(): Promise<void> };
}

/**
 * GET /api/account/export: a ZIP of the applicant's data, streamed into the exports bucket
 * (which expires it after a day), answered with a short-lived link; one build a minute.
 */
export async function exportMyData(ports: DataExportPorts, sub: string, now: Date = new Date()): Promise<string> {
  await checkExportLimit((s, at) => ports.limits.hit('data-export', s, EXPORT_WINDOW_SECONDS, 1, at), sub, now);
  const key = `${dataExportPrefix(sub)}${randomUUID()}.zip`;
  await writeStreamed(ports.exports, key, ZIP, async (object) => {
    const archive = ports.zip(object);
    await writeDataExport(ports.sources, sub, archive);
    await archive.finish();
  });
  return ports.exports.presign(key, EXPORT_FILE_NAME, ZIP);
}
