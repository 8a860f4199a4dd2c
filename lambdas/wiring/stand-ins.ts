/**
 * What the local stack puts in place of an AWS service, handed to the composition roots at
 * start-up (local/stack.ts and the modules it starts). A root takes the stand-in when one is
 * installed and the production adapter otherwise, so no adapter asks where it runs: a Lambda,
 * in AWS or in the bundled local stack (whose bundles hold no local code), has none installed.
 */
import type { DatasetSource } from '#adapters/lookup/dataset-provider';
import type { HandedOverErasure } from '#adapters/retention/identity-erasure';
import type { Mailer } from '#domain/ports/mail';
import type { MailingQueue } from '#domain/ports/messages';
import type { ReleaseScheduler } from '#domain/ports/releases';
import type { ApplicantDirectory } from '#domain/ports/retention';
import type { SubmissionEvent } from '#form/wire/events';

/** Starts a job for one applicant without waiting for it (an asynchronous invoke in AWS); rejects only when it could not be started. */
export type StartJob = (sub: string) => Promise<void>;

export interface StandIns {
  /** The dev outbox (/_dev/mail) instead of SES. */
  mailer: Mailer;
  /** The events file /_dev/events lists instead of the publisher Lambda and EventBridge. */
  publishEvent: (event: SubmissionEvent) => Promise<void>;
  /** The local event runtime's renders instead of the render Lambda: the application PDF, a decision letter. */
  startRender: StartJob;
  startLetterPrint: StartJob;
  /** The confirmation job in the stack's process (after submit has answered, with retries) instead of its Lambda. */
  startConfirmationMail: StartJob;
  /** The retention function's handler in the stack's process instead of invoking that Lambda and waiting. */
  eraseIdentity: (sub: string, cause: HandedOverErasure) => Promise<void>;
  /** The stack's timers instead of EventBridge Scheduler. */
  releaseScheduler: ReleaseScheduler;
  /** The stack's queue of mailings (local/mailing-queue.ts) instead of SQS and the sender's Lambda. */
  mailingQueue: MailingQueue;
  /** The local identity provider's accounts instead of Cognito's. */
  applicantDirectory: ApplicantDirectory;
  /** The lookup table, with the repository's sample lists where nothing was imported. */
  lookupSource: DatasetSource;
}

let installed: Partial<StandIns> = {};

/** The local stack (and tests that stand in for it): these stand-ins from now on; `undefined` removes one. */
export function installStandIns(standIns: { [K in keyof StandIns]?: StandIns[K] | undefined }): void {
  installed = { ...installed, ...standIns };
}

/** The installed stand-in, or undefined: then the root uses the production adapter. */
export function standIn<K extends keyof StandIns>(name: K): StandIns[K] | undefined {
  return installed[name];
}
