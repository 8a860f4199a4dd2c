/**
 * A copy of the applicant's data: a ZIP of what they gave and what the service keeps of them
 * (answers, account, PDFs, documents; once released, the decision as they read it, its letter and
 * their reply; the recommenders they named, and the letters they did not waive the right to
 * read; the messages the office sent them), written file by file into an archive that streams out as it is written (the adapter
 * holds one part of the archive and one file at a time, never the whole).
 */
import { randomUUID } from 'node:crypto';
import { isLabelKey, LABEL_SUFFIX } from '#form/contract';
import { descKey } from '#form/data-model';
import { serverText } from '#form/i18n/server-words';
import { institution } from '#form/institution';
import { questionFor } from '#form/model';
import { printLabelOf } from '#form/print';
import { printSnapshot } from '#form/snapshot';
import { instantInWords } from '#form/timetable';
import { currentApplicationPdf } from '../documents/application-pdf';
import { slugOf } from '../documents/downloads';
import { TooManyRequests } from '../errors';
import type { ApplicantRecord, ApplicantRecordReader, DocumentItem } from '../ports/answers';
import type { ApplicationsIndex } from '../ports/applications';
import type { DecisionStore } from '../ports/decisions';
import type { StoredFilesReader } from '../ports/documents';
import type { ExportsBucket, StreamedUpload } from '../ports/exports';
import type { ApplicantMessages } from '../ports/messages';
import { DATA_EXPORT_SCOPE, type RateLimiter, type RecommendationRecord, type RecommendationStore } from '../ports/recommendations';
import type { StatusItem, StatusReader } from '../ports/status';
import { currentStatus } from '../recommendations/rules';
import { applicantView, type DecisionSettings } from '../releases/applicant';
import { decisionLetterKey } from '../releases/keys';
import { writeStreamed } from '../streamed-export';
import { dataExportPrefix } from './erasure';

export interface ArchiveWriter {
  /** Adds one file; `compress` false stores it as it is (PDFs are compressed already). */
  add(name: string, bytes: Uint8Array, compress: boolean): Promise<void>;
}

export interface DataExportSources extends ApplicantRecordReader, StoredFilesReader, StatusReader {
  /** A stored PDF's bytes (documents bucket), or undefined when it is gone. */
  readPdf(key: string): Promise<Uint8Array | undefined>;
  readDecision: DecisionStore['readDecision'];
  listRecommendations: RecommendationStore['listRecommendations'];
  /** The letters' words, for the decision as the applicant reads it. */
  decisionSettings: DecisionSettings;
  /** The account's applications, one per cycle (issue 37); undefined: its first alone. */
  readApplications: ApplicationsIndex['readApplications'];
  /** The messages the office's mailings sent the application (issue 40): theirs, as their status page shows them. */
  listMessages: ApplicantMessages['listMessages'];
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
  // Another language says the moment as its readers write it, on the institution's clock (issue 41); English keeps the spec's words.
  error.inLanguage = (language) => serverText(language, 'server.export.tooSoon', { next: instantInWords(new Date(retryAt), institution.timeZone, language) });
  error.extra.next_allowed_at = retryAt;
  throw error;
}

export const EXPORT_FILE_NAME = 'my-application-data.zip';

interface Packed {
  hasPdf: boolean;
  asSubmitted: boolean;
  documents: readonly string[];
  decision: boolean;
  letterPdf: boolean;
  recommenders: number;
  letters: number;
  messages: number;
}

const README = (p: Packed) =>
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
    p.hasPdf ? 'application.pdf  The application PDF as it was submitted.' : 'There is no application PDF: it is made when you submit.',
    ...(p.asSubmitted
      ? [
          'application-as-submitted.json  Your application as it was submitted: each page, section and question in the',
          '               words you were shown, with your answer as printed, kept even if the form changes later.',
        ]
      : []),
    p.documents.length
      ? `documents/     The documents you uploaded, as the PDFs we keep of them, each named after its question (${p.documents.length}).`
      : 'documents/     You have not uploaded any documents.',
    ...(p.decision
      ? [
          'decision.json  The decision released to you, its letter as your status page shows it, and your reply',
          '               (what you chose, when, and what happens next) once you have made it.',
          p.letterPdf ? 'decision-letter.pdf  Your decision letter.' : "Your decision letter's PDF is not ready yet: download it from your status page.",
        ]
      : ['There is no decision here: none has been released to you.']),
    ...(p.recommenders
      ? [
          `recommenders.json  The recommenders you invited (${p.recommenders}): their names, addresses, roles, where each`,
          '               request stands and its dates, and whether you waived the right to read their letter.',
          p.letters
            ? `recommendations/  The letters you did not waive the right to read (${p.letters}). A letter you waived the right to read is never included.`
            : 'recommendations/  No letter you may read: a letter you waived the right to read is never included.',
        ]
      : []),
    ...(p.messages ? [`messages.json  The messages the admissions office sent you (${p.messages}), as your status page's Messages section shows them.`] : []),
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
    if (isLabelKey(key) && question && key !== question.key && answers[key.slice(0, -LABEL_SUFFIX.length)] !== undefined) continue;
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

/** A recommender as the applicant may know them: who, their role, where the request stands; never a token, the office's comments or a letter. */
function recommenderEntry(r: RecommendationRecord, now: Date) {
  return {
    role: r.role,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    status: currentStatus(r, now),
    invited_at: r.invitedAt,
    expires_at: r.expiresAt,
    ...(r.remindedAt ? { reminded_at: r.remindedAt } : {}),
    ...(r.submittedAt ? { submitted_at: r.submittedAt } : {}),
    ...(r.declinedAt ? { declined_at: r.declinedAt } : {}),
    ...(r.cancelledAt ? { cancelled_at: r.cancelledAt } : {}),
    waived_right_to_read: r.waiver === 'Y',
  };
}

/** `recommendations/<role>-<last name>.pdf`, unique within the archive. */
function letterName(r: RecommendationRecord, used: Set<string>): string {
  const base = slugOf(`${r.role}-${r.lastName}`) || r.role;
  let name = `recommendations/${base}.pdf`;
  for (let n = 2; used.has(name); n++) name = `recommendations/${base}-${n}.pdf`;
  used.add(name);
  return name;
}

/**
 * Writes the archive's files; answers the names written, in order. The account's first
 * application at the archive's root, each later one (issue 37) the same way in a folder named
 * after its cycle.
 */
export async function writeDataExport(sources: DataExportSources, sub: string, archive: ArchiveWriter, now: Date = new Date()): Promise<string[]> {
  const written: string[] = [];
  const add = async (name: string, bytes: Uint8Array, compress: boolean) => {
    await archive.add(name, bytes, compress);
    written.push(name);
  };
  const account = await sources.readStatus(sub);
  await writeApplication(sources, sub, account, add, now);
  for (const later of (await sources.readApplications(sub)) ?? []) {
    if (later.key === sub) continue;
    await writeApplication(sources, later.key, account, (name, bytes, compress) => add(`${later.cycle}/${name}`, bytes, compress), now);
  }
  return written;
}

/** One application's files: its answers, where it stands, the PDF, documents, decision and recommenders. */
async function writeApplication(sources: DataExportSources, key: string, account: StatusItem, add: Add, now: Date): Promise<void> {
  const [record, files, own, decision, recommendations, messages] = await Promise.all([
    sources.readApplicantRecord(key),
    sources.readApplicantDocuments(key),
    sources.readStatus(key),
    sources.readDecision(key),
    sources.listRecommendations(key),
    sources.listMessages(key),
  ]);
  // The sign-ins and the address are the account's; the progress is the application's.
  const status = { ...account, web_status: own.web_status, ...(own.last_page ? { last_page: own.last_page } : {}) };

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

  // The application as submitted (form/snapshot.ts): the words of the form the applicant answered.
  if (record.snapshot) {
    const documents = Object.fromEntries(record.documents.map((d) => [d.key, d]));
    await add(
      'application-as-submitted.json',
      json({ taken_at: record.snapshot.takenAt, pages: printSnapshot(record.snapshot, { boxes: 'words', documents }) }),
      true,
    );
  }

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

  const decided = await addDecision(sources, key, record, decision, add);
  const letters = await addRecommenders(sources, recommendations, now, add);
  if (messages.length > 0) await add('messages.json', json(messages), true);
  await add(
    'README.txt',
    new TextEncoder().encode(
      README({
        hasPdf: pdf !== undefined,
        asSubmitted: record.snapshot !== undefined,
        documents: included,
        ...decided,
        recommenders: recommendations.length,
        letters,
        messages: messages.length,
      }),
    ),
    true,
  );
}

type Add = (name: string, bytes: Uint8Array, compress: boolean) => Promise<void>;

/** The released decision as the status page shows it (never a staged one, the note or who decided), and its letter's PDF. */
async function addDecision(
  sources: DataExportSources,
  sub: string,
  record: ApplicantRecord,
  decision: Awaited<ReturnType<DataExportSources['readDecision']>>,
  add: Add,
): Promise<{ decision: boolean; letterPdf: boolean }> {
  if (!decision?.released || !record.submittedAt) return { decision: false, letterPdf: false };
  const app = {
    id: sub,
    reference: record.reference ?? '',
    email: '',
    submittedAt: record.submittedAt,
    answers: record.answers,
    officeStatus: 'released' as const,
  };
  const view = applicantView(decision, app, sources.decisionSettings);
  if (view.status !== 'released') return { decision: false, letterPdf: false };
  const { download_url: _link, ...letter } = view.letter;
  await add('decision.json', json({ ...view, letter }), true);
  // The answered letter once printed, else the letter as released.
  const releaseId = decision.released.release_id;
  const keys = decision.reply ? [decisionLetterKey(sub, releaseId, true), decisionLetterKey(sub, releaseId)] : [decisionLetterKey(sub, releaseId)];
  for (const key of keys) {
    const bytes = await sources.readPdf(key);
    if (!bytes) continue;
    await add('decision-letter.pdf', bytes, false);
    return { decision: true, letterPdf: true };
  }
  return { decision: true, letterPdf: false };
}

/** Who the applicant invited, and each submitted letter they did not waive the right to read (a waived one is never read). */
async function addRecommenders(sources: DataExportSources, recommendations: readonly RecommendationRecord[], now: Date, add: Add): Promise<number> {
  if (recommendations.length === 0) return 0;
  await add('recommenders.json', json(recommendations.map((r) => recommenderEntry(r, now))), true);
  const used = new Set<string>();
  let letters = 0;
  for (const r of recommendations) {
    if (r.waiver !== 'N' || r.status !== 'submitted' || !r.letter?.convertedKey) continue;
    const bytes = await sources.readPdf(r.letter.convertedKey);
    if (!bytes) continue;
    await add(letterName(r, used), bytes, false);
    letters += 1;
  }
  return letters;
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
  await checkExportLimit((s, at) => ports.limits.hit(DATA_EXPORT_SCOPE, s, EXPORT_WINDOW_SECONDS, 1, at), sub, now);
  const key = `${dataExportPrefix(sub)}${randomUUID()}.zip`;
  await writeStreamed(ports.exports, key, ZIP, async (object) => {
    const archive = ports.zip(object);
    await writeDataExport(ports.sources, sub, archive);
    await archive.finish();
  });
  return ports.exports.presign(key, EXPORT_FILE_NAME, ZIP);
}
