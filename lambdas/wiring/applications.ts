/**
 * An account's applications, one per cycle (domain/applications/): the list in the status table
 * and the answers items the start copies from and the list reads.
 */
import { mergeAnswers, readAnswers, readSubmission } from '#adapters/store/answers-store';
import { applicationsIndex } from '#adapters/store/applications-store';
import type { listApplications } from '#domain/applications/list-applications';
import type { startApplication } from '#domain/applications/start-application';
import { timetable } from '#form/institution-cycles';
import type { PortsOf } from './ports-of';

export function startApplicationPorts(): PortsOf<typeof startApplication> {
  return { applications: applicationsIndex, answers: { readAnswers, mergeAnswers }, timetable };
}

export function listApplicationsPorts(): PortsOf<typeof listApplications> {
  return { applications: applicationsIndex, submission: readSubmission, timetable };
}
