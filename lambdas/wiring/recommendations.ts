/**
 * Recommendations (domain/recommendations/, docs/recommendations.md): the applicant's side
 * (list, invite, remind, cancel), the recommender's side behind the link's token (read, upload,
 * submit, decline; each rate-limited), the office's letter, and the daily sweep.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { verifiedEmail } from '#adapters/identity/verified-email';
import { invitationAlarm } from '#adapters/invitation-alarm';
import { letterUploads } from '#adapters/storage/letters';
import { readAnswers } from '#adapters/store/answers-store';
import { rateLimiter } from '#adapters/store/rate-limits';
import { recommendationSlots } from '#adapters/store/recommendation-slots';
import { readReference, recommendationStore } from '#adapters/store/recommendations-store';
import { isAccountClosed } from '#adapters/store/status-store';
import type { cancelRecommendation, inviteAsApplicant, listRecommendations, remindRecommender } from '#domain/recommendations/applicant';
import type { staffLetterDownload } from '#domain/recommendations/office';
import type {
  declineRecommendation,
  grantLetterUpload,
  readLetterStatus,
  readRecommendationRequest,
  submitRecommendation,
} from '#domain/recommendations/recommender';
import type { sweepRecommendations } from '#domain/recommendations/sweep';
import { config } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import { publishSubmissionEvent } from './events';
import { sendMail } from './mail';
import { freshOfficeWords } from './office-words';
import type { PortsOf } from './ports-of';
import { sendProductMail } from './product-mail';
import { staffAudit } from './staff-audit';

export function listPorts(): PortsOf<typeof listRecommendations> {
  return { store: recommendationStore, readAnswers, slots: recommendationSlots };
}

/** Each root below that sends an e-mail installs the office's current words of the e-mails first (Settings). */
export async function invitePorts(): Promise<PortsOf<typeof inviteAsApplicant>> {
  await freshOfficeWords();
  return {
    store: recommendationStore,
    limits: rateLimiter,
    slots: recommendationSlots,
    alarm: invitationAlarm,
    sendMail,
    readAnswers,
    origin: config().publicOrigin,
    verifiedEmail,
    sessionClosed: isAccountClosed,
  };
}

export async function reminderPorts(): Promise<PortsOf<typeof remindRecommender>> {
  await freshOfficeWords();
  return { store: recommendationStore, sendMail, origin: config().publicOrigin };
}

export function cancelPorts(): PortsOf<typeof cancelRecommendation> {
  return { store: recommendationStore, slots: recommendationSlots };
}

export function requestPorts(): PortsOf<typeof readRecommendationRequest> {
  return { store: recommendationStore, limits: rateLimiter };
}

export function letterStatusPorts(): PortsOf<typeof readLetterStatus> {
  return { store: recommendationStore, limits: rateLimiter };
}

export function letterUploadPorts(): PortsOf<typeof grantLetterUpload> {
  return { store: recommendationStore, limits: rateLimiter, uploads: letterUploads };
}

export async function submitLetterPorts(): Promise<PortsOf<typeof submitRecommendation>> {
  await freshOfficeWords();
  // The applicant's notice, not to a bounced or complained address (as every notice and sweep's mail below).
  return {
    store: recommendationStore,
    limits: rateLimiter,
    sendMail: sendProductMail,
    origin: config().publicOrigin,
    readReference,
    publish: publishSubmissionEvent,
  };
}

export async function declinePorts(): Promise<PortsOf<typeof declineRecommendation>> {
  await freshOfficeWords();
  return { store: recommendationStore, limits: rateLimiter, sendMail: sendProductMail, origin: config().publicOrigin };
}

/** The office's download of a submitted letter: recorded before the link is made. */
export function officeLetterPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof staffLetterDownload> {
  return { store: recommendationStore, uploads: letterUploads, audit: staffAudit(staff, event) };
}

export async function sweepPorts(): Promise<PortsOf<typeof sweepRecommendations>> {
  await freshOfficeWords();
  // The expired notices to applicants and the automatic reminders to recommenders alike.
  return { store: recommendationStore, sendMail: sendProductMail, origin: config().publicOrigin };
}
