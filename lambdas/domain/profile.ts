import type { DocumentAnswer } from '#form/contract';
import type { ApplicantRecord, ApplicantRecordReader, DocumentItem } from './ports/answers';
import type { StoredFilesReader } from './ports/documents';
import type { StatusItem, StatusReader } from './ports/status';
import type { AddAnotherReader, TabsReader } from './ports/tabs';

export type { DocumentAnswer };

export function documentAnswers(documents: readonly DocumentItem[]): Record<string, DocumentAnswer> {
  const out: Record<string, DocumentAnswer> = {};
  // An upload whose event arrived before the attach call has no name yet: not an answer.
  for (const d of documents) if (d.file_name) out[d.key] = { file_key: d.file_key, file_name: d.file_name, file_size: d.file_size, status: d.status };
  return out;
}

/** GET /api/profile: saved answers, documents, username, last page, logins, statuses. */
export function profileView(record: ApplicantRecord, status: StatusItem, fallbackUsername: string) {
  return {
    answer: record.answers,
    document_answer: documentAnswers(record.documents),
    username: status.username ?? fallbackUsername,
    last_page: status.last_page ?? null,
    successful_login: status.successful_login,
    web_status: status.web_status.map((web_status) => ({ web_status })),
    submitted_at: record.submittedAt ?? null,
    reference: record.reference ?? null,
    language: status.language ?? null,
  };
}

/**
 * GET /api/profile, for the session's applicant (`username`: the token's, when the status holds
 * none). `application` is the application the request is about (the account's own key for its
 * first one): its answers, pages and statuses are its own, but sign-ins and the username are the
 * account's, so a later cycle's application reads them from the account (the welcome banner counts
 * visits from them).
 */
export async function readProfile(ports: ApplicantRecordReader & StatusReader, applicant: { sub: string; application?: string; username: string }) {
  const application = applicant.application ?? applicant.sub;
  const [record, status, account] = await Promise.all([
    ports.readApplicantRecord(application),
    ports.readStatus(application),
    application === applicant.sub ? undefined : ports.readStatus(applicant.sub),
  ]);
  const withAccount = account
    ? {
        ...status,
        successful_login: account.successful_login,
        username: account.username ?? status.username,
        ...(account.language ? { language: account.language } : {}),
      }
    : status;
  return profileView(record, withAccount, applicant.username);
}

/** GET /api/document-answer: the caller's attached files per question (file_key, file_name, file_size, status). */
export async function readDocumentAnswers(ports: StoredFilesReader, sub: string): Promise<Record<string, DocumentAnswer>> {
  return documentAnswers((await ports.readApplicantDocuments(sub)).documents);
}

/** GET /service/tmp/pdf: the read-only data the service view (and so the PDF) renders, for the token's one applicant. */
export async function readServiceView(ports: ApplicantRecordReader & TabsReader & AddAnotherReader, sub: string, language?: string) {
  const [record, tabs, addAnother] = await Promise.all([ports.readApplicantRecord(sub), ports.readTabs(sub), ports.readAddAnother(sub)]);
  return {
    answer: record.answers,
    add_another: addAnother,
    document_answer: documentAnswers(record.documents),
    tabs,
    submitted_at: record.submittedAt ?? null,
    reference: record.reference ?? null,
    // The application as submitted: what the PDF prints once there is one (form/snapshot.ts).
    snapshot: record.snapshot ?? null,
    // The language the token was issued for (the applicant's own PDF, issue 41); null: the institution's.
    language: language ?? null,
  };
}
