import type { ApplicantRecord, DocumentItem } from './ports/answers';
import type { StatusItem } from './ports/status';
import type { DocumentAnswer } from '#form/contract';

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
  };
}
