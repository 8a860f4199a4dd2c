/**
 * Releasing decisions: an admin releases the applications named (or every one then `decided`)
 * now, or schedules the release for a time. A release is all or nothing when it starts: one
 * application named that is not decided refuses it, naming the ids, and nothing is written.
 *
 * Each application is released in steps that a rerun skips once done, so a run that fails
 * midway (a mail refused) finishes on its retry: the record's `released` names the release, the
 * e-mail is claimed once per release, the event follows it, and the office status becomes
 * `released` last (until then the application still counts as this release's unfinished work).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type ReleaseSummary, type ReleaseTarget } from '#form/wire/decisions';
import { Conflict, NotFound } from '../errors';
import type { DecisionRecord, DecisionStore } from '../ports/decisions';
import type { MailClaims, Mailer } from '../ports/mail';
import type { NumberedChange, OfficeStatusStore } from '../ports/office-status';
import type { ReleaseRecord, ReleaseScheduler, ReleaseStore } from '../ports/releases';
import type { PublishSubmissionEvent, SubmittedApplication } from '../ports/submissions';
import { changeOfficeStatus, currentStatus } from '../staff/office-status';
import { releaseMail } from './mails';

export interface ReleasePorts {
  releases: ReleaseStore;
  scheduler: ReleaseScheduler;
  decisions: DecisionStore;
  office: OfficeStatusStore;
  readSubmitted(id: string): Promise<SubmittedApplication | undefined>;
  /** Every application whose office status is `decided` now. */
  listDecided(): Promise<string[]>;
  mail: MailClaims & { sendMail: Mailer };
  publish: PublishSubmissionEvent;
  /** Asks for the letter's PDF to be printed (never throws; the download asks again if it is missing). */
  requestLetter(id: string): Promise<void>;
  /** The site's origin, for the status page's link in the e-mail. */
  origin: string;
}

/** After a failed run started at once (no schedule yet), its retry runs this much later. */
export const RETRY_AFTER_MS = 60_000;
/** Longer than one send takes; a run that died holding a mail's claim is taken over after it. */
export const RELEASE_MAIL_CLAIM_MS = 60_000;

export const RELEASE_MESSAGES = {
  notFound: 'There is no release with this id.',
  alreadyRun: 'This release has already run (or started), so it cannot be cancelled.',
  notScheduled: 'This release is no longer scheduled.',
  cancelled: 'The release is cancelled.',
  nothingDecided: 'No application is decided, so there is nothing to release.',
  notDecided: (ids: readonly string[]) =>
    `${ids.length === 1 ? 'One application named is' : `${ids.length} applications named are`} not decided (or already released), so nothing was released: ${ids.join(', ')}.`,
} as const;

/** Its creation time in base 36 (so ids sort by time) and a random part: RELEASE_ID. */
export function newReleaseId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

export const mailKind = (releaseId: string) => `decision-release#${releaseId}`;

export function releaseSummary(r: ReleaseRecord): ReleaseSummary {
  return {
    id: r.id,
    at: r.at,
    state: r.state,
    ...('ids' in r.target ? { ids: r.target.ids } : { status: r.target.status }),
    created_by: r.created_by,
    created_at: r.created_at,
    ...(r.released !== undefined ? { released: r.released } : {}),
  };
}

type Progress = 'done' | 'resume' | 'release' | 'refused';

/** Where one application stands for this release. */
function progressOf(record: DecisionRecord | undefined, history: readonly NumberedChange[], releaseId: string): Progress {
  const status = currentStatus(history).status;
  const ours = record?.released?.release_id === releaseId;
  if (ours && status === 'released') return 'done';
  if (!record || status !== 'decided') return 'refused';
  return ours ? 'resume' : 'release';
}

interface Planned {
  id: string;
  progress: Progress;
}

async function plan(ports: ReleasePorts, ids: readonly string[], releaseId: string): Promise<Planned[]> {
  const planned: Planned[] = [];
  for (const id of ids) {
    const [record, history] = await Promise.all([ports.decisions.readDecision(id), ports.office.readHistory(id)]);
    planned.push({ id, progress: progressOf(record, history, releaseId) });
  }
  return planned;
}

function refuseUnlessAllReleasable(planned: readonly Planned[]): void {
  const refused = planned.filter((p) => p.progress === 'refused').map((p) => p.id);
  if (refused.length === 0) return;
  const error = new Conflict(RELEASE_MESSAGES.notDecided(refused));
  error.extra.ids = refused;
  throw error;
}

/** Shows the record's decision to the applicant (a changed decision's earlier reply goes); retried on a concurrent write. */
async function markReleased(ports: ReleasePorts, id: string, releaseId: string, now: Date): Promise<DecisionRecord> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await ports.decisions.readDecision(id);
    if (!record) throw new Conflict(RELEASE_MESSAGES.notDecided([id]));
    if (record.released?.release_id === releaseId) return record;
    const changed = record.released?.decision !== record.decision;
    const { reply, ...rest } = record;
    const next: DecisionRecord = {
      ...rest,
      ...(reply && !changed ? { reply } : {}),
      released: { decision: record.decision, at: now.toISOString(), release_id: releaseId },
      version: record.version + 1,
    };
    if (await ports.decisions.writeDecision(id, next, record.version)) return next;
  }
  throw new Conflict(`The decision of ${id} kept changing while it was being released; the release's retry will try it again.`);
}

async function sendReleaseMail(ports: ReleasePorts, app: SubmittedApplication, releaseId: string, now: Date): Promise<void> {
  if (!app.email) return;
  const claimId = randomUUID();
  if (!(await ports.mail.claimMail(app.id, mailKind(releaseId), claimId, now, RELEASE_MAIL_CLAIM_MS))) return;
  let messageId: string;
  try {
    messageId = await ports.mail.sendMail(releaseMail(app.email, typeof app.answers.first_name === 'string' ? app.answers.first_name : '', ports.origin));
  } catch (error) {
    await ports.mail.releaseMail(app.id, mailKind(releaseId), claimId);
    throw error;
  }
  await ports.mail.markMailSent(app.id, mailKind(releaseId), claimId, now, messageId);
}

async function releaseOne(ports: ReleasePorts, release: ReleaseRecord, id: string, now: Date): Promise<void> {
  const app = await ports.readSubmitted(id);
  if (!app) throw new NotFound(`There is no submitted application ${id}.`);
  const record = await markReleased(ports, id, release.id, now);
  await ports.requestLetter(id);
  await sendReleaseMail(ports, app, release.id, now);
  const decision = record.released?.decision ?? record.decision;
  // At least once: a run that dies before the status changes publishes it again on its retry.
  await ports.publish({ type: 'Decision Released', detail: { id, reference: app.reference, decision } });
  const { office } = ports;
  const statusPorts = {
    readHistory: office.readHistory.bind(office),
    appendHistory: office.appendHistory.bind(office),
    markStatus: office.markStatus.bind(office),
    readSubmitted: (application: string) => ports.readSubmitted(application),
  };
  await changeOfficeStatus(statusPorts, { id, to: 'released', staff: release.created_by, what: 'Released' }, now);
}

export interface RunOutcome {
  release: ReleaseSummary;
  /** Applications whose release failed this time (the run's retry finishes them). */
  failed: Array<{ id: string; error: string }>;
}

/**
 * Runs a stored release (at once, or when its schedule fires). A cancelled or finished release
 * is left as it is. Throws Conflict, writing nothing, when an application named is not decided.
 */
export async function runRelease(ports: ReleasePorts, releaseId: string, now: Date = new Date()): Promise<RunOutcome> {
  const release = await ports.releases.readRelease(releaseId);
  if (!release) throw new NotFound(RELEASE_MESSAGES.notFound);
  if (release.state !== 'scheduled') return { release: releaseSummary(release), failed: [] };
  const ids = 'ids' in release.target ? release.target.ids : await ports.listDecided();
  const planned = await plan(ports, ids, release.id);
  refuseUnlessAllReleasable(planned);
  if (!(await ports.releases.startRelease(release.id, now.toISOString()))) {
    const current = await ports.releases.readRelease(release.id);
    return { release: releaseSummary(current ?? release), failed: [] };
  }
  const failed: RunOutcome['failed'] = [];
  for (const { id, progress } of planned) {
    if (progress === 'done') continue;
    // One failure must not stop the others; the retry takes up what is left.
    try {
      await releaseOne(ports, release, id, now);
    } catch (error) {
      failed.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (failed.length > 0) return { release: releaseSummary(release), failed };
  await ports.releases.finishRelease(release.id, planned.length);
  return { release: releaseSummary({ ...release, state: 'released', released: planned.length }), failed };
}

export interface ReleaseRequest {
  target: ReleaseTarget;
  at?: string;
}

/** POST /staff/api/releases: stores the release, then runs it now or schedules it. */
export async function scheduleRelease(ports: ReleasePorts, request: ReleaseRequest, staff: string, now: Date = new Date()): Promise<ReleaseSummary> {
  const id = newReleaseId(now);
  // Refused before anything is stored, so a scheduled release names only decided applications
  // (its run checks again: one may have changed by then).
  if ('ids' in request.target) refuseUnlessAllReleasable(await plan(ports, request.target.ids, id));
  else if (!request.at && (await ports.listDecided()).length === 0) throw new Conflict(RELEASE_MESSAGES.nothingDecided);
  const release: ReleaseRecord = {
    id,
    at: request.at ?? now.toISOString(),
    state: 'scheduled',
    target: request.target,
    created_by: staff,
    created_at: now.toISOString(),
  };
  await ports.releases.createRelease(release);
  if (request.at) {
    try {
      await ports.scheduler.schedule(id, request.at);
    } catch (error) {
      await ports.releases.cancelRelease(id);
      throw error;
    }
    return releaseSummary(release);
  }
  const outcome = await runRelease(ports, id, now);
  if (outcome.failed.length > 0) {
    // Whatever failed (a mail refused) is taken up by a retry a minute later, as a scheduled run's.
    await ports.scheduler.schedule(id, new Date(now.getTime() + RETRY_AFTER_MS).toISOString());
  }
  return outcome.release;
}

export async function listReleases(ports: Pick<ReleasePorts, 'releases'>): Promise<ReleaseSummary[]> {
  return (await ports.releases.listPending()).map(releaseSummary);
}

/** DELETE /staff/api/releases/{id}: only before a run has taken it (409 after). */
export async function cancelRelease(ports: Pick<ReleasePorts, 'releases' | 'scheduler'>, id: string): Promise<{ message: string }> {
  const release = await ports.releases.readRelease(id);
  if (!release) throw new NotFound(RELEASE_MESSAGES.notFound);
  if (release.state === 'cancelled') return { message: RELEASE_MESSAGES.cancelled };
  if (release.state !== 'scheduled' || release.started_at) throw new Conflict(RELEASE_MESSAGES.alreadyRun);
  if (!(await ports.releases.cancelRelease(id))) throw new Conflict(RELEASE_MESSAGES.alreadyRun);
  await ports.scheduler.unschedule(id);
  return { message: RELEASE_MESSAGES.cancelled };
}
