/**
 * The application form (domain/answer-save.ts, profile.ts, status-service.ts): the applicant's
 * answers and status. The routes that only read or write one store and decide nothing (tabs,
 * add-another counts, validations, last page) call it directly: there is no use-case to wire.
 */
import { mergeAnswers, readAnswers, readApplicantRecord } from '#adapters/store/answers-store';
import { appendWebStatus, readStatus } from '#adapters/store/status-store';
import type { saveAnswers } from '#domain/answer-save';
import type { readProfile } from '#domain/profile';
import type { advanceWebStatus } from '#domain/status-service';
import { timetable } from '#form/institution-cycles';
import type { PortsOf } from './ports-of';

export function saveAnswersPorts(): PortsOf<typeof saveAnswers> {
  return { mergeAnswers, readAnswers, timetable };
}

export function profilePorts(): PortsOf<typeof readProfile> {
  return { readApplicantRecord, readStatus };
}

export function webStatusPorts(): PortsOf<typeof advanceWebStatus> {
  return { readStatus, appendWebStatus };
}
