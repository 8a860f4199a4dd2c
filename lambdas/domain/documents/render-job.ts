/**
 * The application-PDF job as a use-case: claim the applicant's render, read the application,
 * print the service view (or the form-model fallback), append every converted document, store
 * the file and record the outcome; take everything back if the account was closed meanwhile.
 * The event function (lambdas/events/render-pdf.ts) hands it the adapters and turns a FAILED
 * outcome into a throw for the asynchronous invocation's retries.
 *
 * An applicant who chose another language than the institution's (issue 41) gets their own copy,
 * printed from the same reading in their language (the service token carries it), beside the
 * office's: the office reads every application in the institution's language.
 *
 * The job has a deadline well inside the Lambda timeout and the claim's lease: a print that
 * hangs ends FAILED with a message instead of leaving the PDF IN_PROGRESS, and its late output
 * is never stored.
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { stampWording } from '#form/i18n/pdf-words';
import { documentQuestionKeys, questionFor } from '#form/model';
import { printLabelOf } from '#form/print';
import { takenBackIfErased, type ApplicantWrites } from '../data-rights/late-writes';
import type { ApplicantRecordReader } from '../ports/answers';
import type { StoredFilesReader } from '../ports/documents';
import type { LateWritePorts, RelatedItem } from '../ports/erasure';
import type { JobLog } from '../ports/log';
import type { TabsReader } from '../ports/tabs';
import { applicationHtml, type PrintableApplication } from './application-html';
import { applicantPdfLanguage, applicationVersion } from './application-pdf';
import { assembleApplicationPdf, officeStamps, type Attachment } from './assemble';
import { asError } from './conversion-error';
import { APPLICATION_PDF_FAILED, APPLICATION_PDF_TIMED_OUT } from './files';
import { applicantPdfKey, applicationPdfKey } from './keys';

/** The print view needs the token for a few seconds; it must not outlive the job by much. */
export const SERVICE_TOKEN_TTL_SECONDS = 300;

/** Below the claim's lease (2 min: nobody takes over a live job) and the Lambda's 3-minute timeout. */
export const RENDER_DEADLINE_MS = 90_000;

/** WITHDRAWN: the applicant's account was closed while the job ran, and what it wrote is deleted. */
export type RenderOutcome =
  { status: 'COMPLETED'; pages: number; source: string } | { status: 'FAILED'; timedOut: boolean } | { status: 'BUSY' } | { status: 'WITHDRAWN' };

/** What the job records on the PDF's item when it ends. */
export type PdfResult =
  | { status: 'COMPLETED'; objectKey: string; sourceVersion: string; pages: number; applicantObjectKey?: string; applicantLanguage?: string }
  | { status: 'FAILED'; message: string; sourceVersion: string };

export interface PrintedApplication {
  pdf: Uint8Array;
  source: 'service-view' | 'form-model';
}

/** Prints the service view at `serviceViewUrl`, or `fallbackHtml` when the site shows no print layout. */
export type ApplicationPrinter = (input: {
  serviceViewUrl: string | undefined;
  fallbackHtml: () => string;
  applicantName: string;
}) => Promise<PrintedApplication>;

export interface RenderJobPorts {
  /** One job per applicant at a time: undefined when another live job holds the claim. */
  claim(sub: string, jobId: string, now: Date): Promise<unknown>;
  /** Records the outcome, only while `jobId` still holds the claim. */
  finish(sub: string, jobId: string, result: PdfResult, now: Date): Promise<unknown>;
  application: ApplicantRecordReader & StoredFilesReader & TabsReader & { readAddAnother(sub: string): Promise<Record<string, number>> };
  /** The language saved on the account the application belongs to (PUT /api/language), if any. */
  readLanguage(sub: string): Promise<string | undefined>;
  /** A short-lived token for the service view (printing in `language`, else the institution's), and the view's address with it. */
  issueServiceToken(sub: string, ttlSeconds: number, now: Date, language?: string): Promise<string>;
  /** Ends the token once the print is done: a credential naming the applicant does not outlive its use (nor their erasure). */
  revokeServiceToken(token: string): Promise<void>;
  serviceViewUrl(token: string): string | undefined;
  print: ApplicationPrinter;
  /** The font the page numbers and captions of a copy in `language` need beside Helvetica (OpenType), if any: Arabic's. */
  stampFont(language: LanguageCode): Promise<Uint8Array | undefined>;
  /** A converted document's PDF (undefined when it is gone). */
  readConverted(objectKey: string): Promise<Uint8Array | undefined>;
  storePdf(objectKey: string, pdf: Uint8Array): Promise<void>;
  /** The applicant's items this job writes, in the adapters' key scheme: the PDF's record and a token. */
  pdfItem(sub: string): RelatedItem;
  tokenItem(token: string): RelatedItem;
  /** Reads whether the account is closed or being erased, and deletes what the job wrote then (data-rights/late-writes.ts). */
  lateWrites: LateWritePorts;
  /** Tells the office a submitted application's PDF is ready. */
  announce(sub: string, objectKey: string): Promise<void>;
  log: JobLog;
  now(): Date;
  newJobId(): string;
  deadlineMs: number;
}

export class RenderTimedOut extends Error {
  constructor(ms: number) {
    super(`application PDF not ready within ${ms} ms`);
    this.name = 'RenderTimedOut';
  }
}

/** The work keeps running when the deadline passes, but nothing waits for it (and it stores nothing). */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimedOut(ms)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export async function renderApplicationPdf(ports: RenderJobPorts, sub: string): Promise<RenderOutcome> {
  const jobId = ports.newJobId();
  if (!(await ports.claim(sub, jobId, ports.now()))) return { status: 'BUSY' };
  // From the claim on this job writes for the applicant: if their account was closed meanwhile,
  // the deletion may have listed before these writes, so they are taken back here (after them).
  const items: RelatedItem[] = [ports.pdfItem(sub)];
  const objects: { bucket: 'documents'; key: string }[] = [{ bucket: 'documents', key: applicationPdfKey(sub) }];
  const writes: ApplicantWrites = { sub, objects, items };
  const wrote: Wrote = {
    token: (token) => items.push(ports.tokenItem(token)),
    object: (key) => objects.push({ bucket: 'documents', key }),
  };
  const rendered = await takenBackIfErased(ports.lateWrites, writes, () => renderClaimed(ports, sub, jobId, wrote));
  if (rendered === 'withdrawn') return withdrawn(ports, sub);
  // The PDF is stored whatever happens to its announcement.
  if (rendered.announce)
    await ports.announce(sub, rendered.announce).catch((error: unknown) => ports.log.error('Application PDF Ready not published', { sub, error }));
  return rendered.outcome;
}

function withdrawn(ports: RenderJobPorts, sub: string): RenderOutcome {
  ports.log.info('application PDF taken back: the account was closed meanwhile', { sub });
  return { status: 'WITHDRAWN' };
}

/** What the job writes beyond the office's PDF and its record, for taking back when the account was closed meanwhile. */
interface Wrote {
  token(token: string): void;
  object(key: string): void;
}

/** The job's outcome, and the PDF's key when a submitted application's PDF is to be announced. */
interface Rendered {
  outcome: RenderOutcome;
  announce?: string;
}

/** The applicant's copy's page numbers and captions: in their language, in its font where Helvetica cannot draw it. */
async function ownStamps(ports: RenderJobPorts, language: LanguageCode) {
  const font = await ports.stampFont(language);
  return { wording: await stampWording(language), ...(font ? { font } : {}) };
}

async function renderClaimed(ports: RenderJobPorts, sub: string, jobId: string, wrote: Wrote): Promise<Rendered> {
  const { application } = ports;
  const now = () => ports.now();
  // Read before printing: edits made while the job runs leave the PDF stale, so the next request renders again.
  const [record, stored, tabs, addAnother, saved] = await Promise.all([
    application.readApplicantRecord(sub),
    application.readApplicantDocuments(sub),
    application.readTabs(sub),
    application.readAddAnother(sub),
    ports.readLanguage(sub),
  ]);
  const language = applicantPdfLanguage(saved);
  const own = language === DEFAULT_LANGUAGE ? undefined : { language, objectKey: applicantPdfKey(sub, language) };
  const sourceVersion = applicationVersion(stored);
  const documents = stored.documents
    .filter((d) => documentQuestionKeys.includes(d.key))
    .sort((a, b) => documentQuestionKeys.indexOf(a.key) - documentQuestionKeys.indexOf(b.key));
  const produce = async () => {
    const printable: PrintableApplication = {
      answers: record.answers,
      tabs,
      addAnother,
      documents: Object.fromEntries(
        documents.filter((d) => d.status === 'COMPLETED').map((d) => [d.key, { file_name: d.file_name, file_size: d.file_size, status: d.status }]),
      ),
      ...(record.submittedAt ? { submittedAt: record.submittedAt } : {}),
      ...(record.reference ? { reference: record.reference } : {}),
      ...(record.snapshot ? { snapshot: record.snapshot } : {}),
    };
    const printIn = async (language?: string) => {
      const token = await ports.issueServiceToken(sub, SERVICE_TOKEN_TTL_SECONDS, now(), language);
      wrote.token(token);
      return ports
        .print({
          serviceViewUrl: ports.serviceViewUrl(token),
          fallbackHtml: () => applicationHtml(printable),
          applicantName: [record.answers.first_name, record.answers.last_name].filter(Boolean).join(' '),
        })
        .finally(() =>
          ports.revokeServiceToken(token).catch((error: unknown) => ports.log.warn('service token not revoked (it expires by itself)', { sub, error })),
        );
    };
    const printed = await printIn();
    // The applicant's copy in their language, from the same reading (both or neither are stored).
    const printedOwn = own ? await printIn(own.language) : undefined;
    const attachments: Attachment[] = [];
    for (const doc of documents) {
      if (doc.status !== 'COMPLETED' || !doc.converted_key) continue;
      const pdf = await ports.readConverted(doc.converted_key);
      const question = questionFor(doc.key);
      if (pdf) attachments.push({ label: question ? printLabelOf(question) : doc.key, ...(doc.file_name ? { fileName: doc.file_name } : {}), pdf });
    }
    const assembledOwn = printedOwn && own ? await assembleApplicationPdf(printedOwn.pdf, attachments, await ownStamps(ports, own.language)) : undefined;
    return { assembled: await assembleApplicationPdf(printed.pdf, attachments, await officeStamps()), assembledOwn, source: printed.source };
  };
  try {
    const { assembled, assembledOwn, source } = await withDeadline(produce(), ports.deadlineMs);
    if (assembled.skipped.length) ports.log.warn('documents left out of the application PDF', { sub, skipped: assembled.skipped });
    const objectKey = applicationPdfKey(sub);
    await ports.storePdf(objectKey, assembled.pdf);
    const mine = own && assembledOwn ? { applicantObjectKey: own.objectKey, applicantLanguage: own.language } : {};
    if (own && assembledOwn) {
      wrote.object(own.objectKey);
      await ports.storePdf(own.objectKey, assembledOwn.pdf);
    }
    await ports.finish(sub, jobId, { status: 'COMPLETED', objectKey, sourceVersion, pages: assembled.pages, ...mine }, now());
    return { outcome: { status: 'COMPLETED', pages: assembled.pages, source }, ...(record.submittedAt ? { announce: objectKey } : {}) };
  } catch (error) {
    const timedOut = error instanceof RenderTimedOut;
    ports.log.error('application PDF failed', { sub, timedOut, error: asError(error) });
    const message = timedOut ? APPLICATION_PDF_TIMED_OUT : APPLICATION_PDF_FAILED;
    await ports.finish(sub, jobId, { status: 'FAILED', message, sourceVersion }, now());
    return { outcome: { status: 'FAILED', timedOut } };
  }
}
