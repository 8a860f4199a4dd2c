/**
 * The two callers of the deletion that answer a person: the applicant closing their account
 * (before submission) and an admin of the office erasing a submitted application.
 */
import { CLOSE_ACCOUNT_TEXT, type ApplicationErased } from '#form/wire/data-rights';
import { ACCOUNT_TEXT } from '../accounts';
import { Conflict, Invalid, NotFound, TooManyRequests } from '../errors';
import { eventCommon } from '../events/common';
import type { AnswersReader } from '../ports/answers';
import type { AuditWriter } from '../ports/audit';
import type { ErasurePorts } from '../ports/erasure';
import { identityErrorName, type IdentityProvider } from '../ports/identity';
import { accountOf } from '../ports/keys';
import type { DecidedState } from '../ports/retention';
import type { PublishSubmissionEvent, SubmittedApplication } from '../ports/submissions';
import { eraseApplicant, type ErasureReport } from './erasure';

/** The 409 of a submitted application: it is the office's record now, and the office erases it. */
export const submittedRefusal = (helpEmail: string): string =>
  `Your application has been submitted, so it is now the admissions office's record and cannot be deleted here. To have it deleted, contact the admissions office at ${helpEmail}.`;

export interface CloseAccountPorts {
  idp: Pick<IdentityProvider, 'verifiedEmail' | 'initiateAuth' | 'revokeToken'>;
  answers: AnswersReader;
  erasure: ErasurePorts;
  helpEmail: string;
}

/** The password again, checked by the identity provider; a wrong one is a 400 on the field. */
async function recheckPassword(idp: CloseAccountPorts['idp'], sub: string, password: string): Promise<void> {
  const email = await idp.verifiedEmail(sub);
  let refreshToken: string | undefined;
  try {
    ({ refreshToken } = await idp.initiateAuth(email, password));
  } catch (error) {
    switch (identityErrorName(error)) {
      case 'NotAuthorizedException':
      case 'UserNotFoundException':
      case 'InvalidPasswordException':
        throw new Invalid(CLOSE_ACCOUNT_TEXT.passwordWrong, { password: [CLOSE_ACCOUNT_TEXT.passwordWrong] });
      case 'LimitExceededException':
      case 'TooManyRequestsException':
      case 'TooManyFailedAttemptsException':
        throw new TooManyRequests(ACCOUNT_TEXT.tooMany);
      default:
        throw error;
    }
  }
  // The check signed in once more: that session is ended at once (the deletion ends the rest).
  if (refreshToken) await idp.revokeToken(refreshToken).catch(() => undefined);
}

/** DELETE /api/account: the applicant's own account, refused once submitted. */
export async function closeAccount(ports: CloseAccountPorts, applicant: { sub: string }, password: string): Promise<string> {
  await recheckPassword(ports.idp, applicant.sub, password);
  const { submittedAt } = await ports.answers.readAnswers(applicant.sub);
  if (submittedAt) throw new Conflict(submittedRefusal(ports.helpEmail));
  await eraseApplicant(ports.erasure, applicant.sub, 'applicant');
  return CLOSE_ACCOUNT_TEXT.closed;
}

export interface OfficeErasurePorts {
  readSubmitted(id: string): Promise<Pick<SubmittedApplication, 'reference' | 'hold' | 'placement'> | undefined>;
  appendAudit: AuditWriter;
  publish: PublishSubmissionEvent;
  erasure: ErasurePorts;
}

export const NO_SUCH_APPLICATION = 'There is no submitted application with this id.';
export const HELD_NOT_ERASED =
  'This application is on hold (a legal or enrolment hold), so it cannot be erased. Lift the hold first if it no longer applies, then erase it.';

/**
 * POST /staff/api/applications/{id}/erase: the audit record first (who, when, why, which
 * reference: nothing personal), then the deletion, then the event. The route's `erasure` deletes
 * the identity by handing it to the retention function (finishOfficeErasure), which alone may
 * delete identities; the event is published once that has answered. An erasure that stopped
 * midway (its marker is left) is finished by the same request again, though the application is
 * no longer listed as submitted. An application on hold (hold.ts) is refused before anything is
 * recorded or deleted: the hold is lifted first, by an admin, and that is recorded too.
 */
export async function eraseByOffice(ports: OfficeErasurePorts, request: { id: string; staff: string; ip: string; reason: string }): Promise<ApplicationErased> {
  const [app, marker] = await Promise.all([ports.readSubmitted(request.id), ports.erasure.tables.readMarker(accountOf(request.id))]);
  if (!app && !marker) throw new NotFound(NO_SUCH_APPLICATION);
  if (app?.hold) throw new Conflict(HELD_NOT_ERASED);
  const reference = app?.reference || marker?.reference || '';
  await ports.appendAudit({ staff: request.staff, action: 'erase', application: request.id, ip: request.ip, detail: { reason: request.reason, reference } });
  await eraseApplicant(ports.erasure, request.id, 'office');
  await ports.publish({
    type: 'Application Erased',
    detail: { ...eventCommon(request.id, app?.placement ?? placed(marker?.cycle)), id: request.id, reference },
  });
  return { message: `The application ${reference || request.id} has been erased.`, id: request.id, reference };
}

/** The cycle an erasure kept (marker, report) as the placement the event's cycle is read from. */
const placed = (cycle: string | undefined) => (cycle ? { cycle } : undefined);

export const NO_ERASURE_STARTED = 'No erasure of this applicant was started: the retention function finishes only an erasure already begun.';

/**
 * The retention function's part of the office's erasure: the deletion the erase route started
 * (its marker says so; an applicant's own closing left unfinished is the same deletion) finished
 * from where it is, the identity included. Without a marker it refuses: it deletes an identity
 * on this path only for an erasure already audited and begun.
 */
export async function finishOfficeErasure(erasure: ErasurePorts, sub: string): Promise<ErasureReport> {
  const marker = await erasure.tables.readMarker(accountOf(sub));
  if (!marker) throw new NotFound(NO_ERASURE_STARTED);
  return eraseApplicant(erasure, sub, marker.cause);
}

export interface RetentionErasurePorts {
  erasure: ErasurePorts;
  publish: PublishSubmissionEvent;
  /** Conditional writes: the account is still as the sweep decided from, and not held (false: changed, nothing written). */
  stillAsDecided(sub: string, decided: DecidedState): Promise<boolean>;
}

/**
 * The retention sweep's erasure (domain/retention/sweep.ts decides who is due): the same deletion,
 * begun only while the account is still as the sweep read it (false: it changed, and nothing was
 * deleted); a deletion already begun (its marker) was decided before and is finished whatever. A
 * submitted application's end is told to the institution's systems as the office's erasure is.
 */
export async function eraseForRetention(ports: RetentionErasurePorts, sub: string, decided: DecidedState): Promise<boolean> {
  const begun = await ports.erasure.tables.readMarker(sub);
  if (!begun && !(await ports.stillAsDecided(sub, decided))) return false;
  const report = await eraseApplicant(ports.erasure, sub, 'retention');
  if (decided.submitted && report.reference)
    await ports.publish({ type: 'Application Erased', detail: { ...eventCommon(sub, placed(report.cycle)), id: sub, reference: report.reference } });
  return true;
}
