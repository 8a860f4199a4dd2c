/**
 * The submit (domain/submission.ts): the answers' and tabs' locks, the account's verified address,
 * where the application goes (submission-outputs.ts), and the two jobs it starts: the PDF and the
 * confirmation e-mail (confirmation.ts), each by its Lambda or by the local stack's stand-in.
 */
import { verifiedEmail } from '#adapters/identity/verified-email';
import { invokeConfirmation, requestConfirmation } from '#adapters/mail/request';
import { markSubmitted, readAnswers, readApplicantRecord, releaseReference, reserveReference } from '#adapters/store/answers-store';
import { materialsStore } from '#adapters/store/materials-store';
import { writeSnapshot } from '#adapters/store/snapshot-store';
import { appendWebStatus, readStatus } from '#adapters/store/status-store';
import { lockTabsAndCounts, readAddAnother, readTabs } from '#adapters/store/tabs-store';
import type { submitApplication } from '#domain/submission';
import { timetable } from '#form/institution-cycles';
import type { PortsOf } from './ports-of';
import { requestApplicationPdf } from './renderer';
import { standIn } from './stand-ins';
import { submissionOutputs } from './submission-outputs';

/** Never throws: the submission stands whatever happens to its e-mail. */
export const requestConfirmationMail = (sub: string): Promise<void> => requestConfirmation(standIn('startConfirmationMail') ?? invokeConfirmation, sub);

/** The submit: the answers' lock and reference, the tabs' lock, the account's verified address, the outputs, and the two jobs it starts. */
export function submitPorts(): PortsOf<typeof submitApplication> {
  return {
    answers: { readAnswers, reserveReference, markSubmitted, releaseReference },
    tabs: { readTabs, readAddAnother, lockTabsAndCounts },
    verifiedEmail,
    outputs: submissionOutputs(),
    status: { readStatus, appendWebStatus },
    requestApplicationPdf,
    requestConfirmationMail,
    timetable,
    snapshot: { readApplicantRecord, readTabs, readAddAnother, writeSnapshot, now: () => new Date() },
    materials: materialsStore,
  };
}
