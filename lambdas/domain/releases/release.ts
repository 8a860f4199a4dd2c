/**
 * Releasing decisions: an admin releases the applications named (or every one then `decided`)
 * now, or schedules the release for a time. A release is all or nothing when it starts: one
 * application named that is not decided refuses it, naming the ids, and nothing is written.
 *
 * Each application is released in the steps of the lifecycle table's release row, which a rerun
 * skips once done, so a run that fails midway (a mail refused) finishes on its retry: the record's
 * `released` names the release and `releasing` marks it unfinished (no decision is written on the
 * application until it is cleared, so the retry marks released exactly what the applicant saw), the
 * e-mail is claimed once per release, the event follows it, the office status becomes `released`,
 * and the mark is cleared last. A release pins the decisions it was asked for and skips (and
 * reports) an application whose decision was recorded after.
 */
import { randomBytes } from 'node:crypto';
import type { CycleConfig } from '#form/types';
import { type ReleaseSummary, type ReleaseTarget } from '#form/wire/decisions';
import { deferralMove } from '../cycles/deferral';
import { Conflict, NotFound } from '../errors';
import { eventCommon } from '../events/common';
import { changeOfficeStatus, currentStatus } from '../lifecycle/history';
import { historyLine, transition } from '../lifecycle/table';
import { sendOnce } from '../mail-once';
import type { DecisionRecord, DecisionStore } from '../ports/decisions';
import type { MailClaims, Mailer } from '../ports/mail';
import type { NumberedChange, OfficeStatusStore } from '../ports/office-status';
import type { ReleaseRecord, ReleaseScheduler, ReleaseStore } from '../ports/releases';
import type { PublishSubmissionEvent, SubmittedApplication } from '../ports/submissions';
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
  /** A deferral's move into the cycle's regular round (cycles/deferral.ts); without it a deferral stays where it is. */
  deferral?: DeferralPorts;
}

export interface DeferralPorts {
  cycles: readonly CycleConfig[];
  /** Moves the submission's placement from one round to another (only while it is in `from`); false when it is not. */
  moveRound(id: string, from: string, to: string): Promise<boolean>;
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

/** The table's release row: its status, history line, event and mail. */
const RELEASE = transition('release');

/** The mail's claim: once per application and release. */
const mailKind = (releaseId: string) => `${RELEASE.mail.kind}#${releaseId}`;

export function releaseSummary(r: ReleaseRecord): ReleaseSummary {
  return {
    id: r.id,
    at: r.at,
    state: r.state,
    ...('ids' in r.target ? { ids: r.target.ids } : { status: r.target.status }),
    created_by: r.created_by,
    created_at: r.created_at,
    ...(r.released !== undefined ? { released: r.released } : {}),
    ...(r.skipped?.length ? { skipped: r.skipped } : {}),
  };
}

/**
 * Where one application stands for this release: `done` (this release finished it), `resume` (it
 * showed the applicant the decision and did not finish), `release`, `skipped` (its decision was
 * recorded after the release was asked for: reported, not released), or `refused` (not decided,
 * or another release is finishing it).
 */
type Progress = 'done' | 'resume' | 'release' | 'skipped' | 'refused';

/** The release as far as planning needs it (a release being asked for has no pins yet). */
type Planning = Pick<ReleaseRecord, 'id' | 'created_at' | 'pins' | 'target'>;

/**
 * Whether the decision was recorded after the release was asked for: for applications named, its
 * time differs from the one pinned then; for "every decided application", it is later than the
 * request (every decision write sets `decided_at`; a release or a reply keeps it).
 */
function changedSince(release: Planning, id: string, record: DecisionRecord): boolean {
  const pinned = release.pins?.[id];
  return pinned === undefined ? record.decided_at > release.created_at : record.decided_at !== pinned;
}

function progressOf(release: Planning, id: string, record: DecisionRecord | undefined, history: readonly NumberedChange[]): Progress {
  if (record?.released?.release_id === release.id) return record.releasing === release.id ? 'resume' : 'done';
  if (!record || currentStatus(history).status !== 'decided') return 'refused';
  // Another release is finishing it: its own, named here; every decided application's, left to it.
  if (record.releasing) return 'ids' in release.target ? 'refused' : 'skipped';
  return changedSince(release, id, record) ? 'skipped' : 'release';
}

interface Planned {
  id: string;
  progress: Progress;
  record?: DecisionRecord;
}

async function plan(ports: ReleasePorts, ids: readonly string[], release: Planning): Promise<Planned[]> {
  const planned: Planned[] = [];
  for (const id of ids) {
    const [record, history] = await Promise.all([ports.decisions.readDecision(id), ports.office.readHistory(id)]);
    planned.push({ id, progress: progressOf(release, id, record, history), ...(record ? { record } : {}) });
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

/** A decision changed behind a release that had shown it: never marked released (the office and the applicant would split). */
const changedDuringRelease = (id: string, shown: string, now: string) =>
  `The decision of ${id} changed to ${now} after this release showed the applicant ${shown}; it is not marked released. An admin must look at it before it is released again.`;

/**
 * Shows the record's decision to the applicant and names this release as unfinished on it (so no
 * decision is written until the release finishes it; a changed decision's earlier reply goes).
 * Retried on a concurrent write; 'changed' when the decision changed since the release was asked for.
 */
async function markReleased(ports: ReleasePorts, release: Planning, id: string, now: Date): Promise<DecisionRecord | 'changed'> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await ports.decisions.readDecision(id);
    if (!record) throw new Conflict(RELEASE_MESSAGES.notDecided([id]));
    if (record.released?.release_id === release.id) {
      if (record.decision !== record.released.decision) throw new Error(changedDuringRelease(id, record.released.decision, record.decision));
      return record;
    }
    if (changedSince(release, id, record)) return 'changed';
    const changed = record.released?.decision !== record.decision;
    const { reply, ...rest } = record;
    const next: DecisionRecord = {
      ...rest,
      ...(reply && !changed ? { reply } : {}),
      released: { decision: record.decision, at: now.toISOString(), release_id: release.id },
      releasing: release.id,
      version: record.version + 1,
    };
    if (await ports.decisions.writeDecision(id, next, record.version)) return next;
  }
  throw new Conflict(`The decision of ${id} kept changing while it was being released; the release's retry will try it again.`);
}

/** The release is done with the application: decisions may be written again. */
async function unmarkReleasing(ports: ReleasePorts, id: string, releaseId: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await ports.decisions.readDecision(id);
    if (record?.releasing !== releaseId) return;
    const { releasing: _done, ...rest } = record;
    if (await ports.decisions.writeDecision(id, { ...rest, version: record.version + 1 }, record.version)) return;
  }
  throw new Conflict(`The decision record of ${id} kept changing while its release was being finished; the release's retry will try it again.`);
}

async function sendReleaseMail(ports: ReleasePorts, app: SubmittedApplication, releaseId: string, now: Date): Promise<void> {
  if (!app.email) return;
  const mail = releaseMail(app.email, typeof app.answers.first_name === 'string' ? app.answers.first_name : '', ports.origin, app.language);
  await sendOnce(ports.mail, { sub: app.id, kind: mailKind(releaseId) }, mail, now, RELEASE_MAIL_CLAIM_MS);
}

/** The steps of the table's release row for one application, each skipped on a rerun once done; the status change and the unmarking come last. */
async function releaseOne(ports: ReleasePorts, release: ReleaseRecord, id: string, now: Date): Promise<'released' | 'skipped'> {
  const app = await ports.readSubmitted(id);
  if (!app) throw new NotFound(`There is no submitted application ${id}.`);
  const record = await markReleased(ports, release, id, now);
  if (record === 'changed') return 'skipped';
  await ports.requestLetter(id);
  await sendReleaseMail(ports, app, release.id, now);
  const decision = record.released?.decision ?? record.decision;
  // At least once: a run that dies before the status changes publishes it again on its retry.
  await ports.publish({ type: RELEASE.event, detail: { ...eventCommon(id, app.placement), id, reference: app.reference, decision } });
  const { office } = ports;
  const statusPorts = {
    readHistory: office.readHistory.bind(office),
    appendHistory: office.appendHistory.bind(office),
    markStatus: office.markStatus.bind(office),
    readSubmitted: (application: string) => ports.readSubmitted(application),
  };
  // Still decided: a rerun finds it released, or back in review after a deferral's move.
  if (currentStatus(await office.readHistory(id)).status === 'decided') {
    await changeOfficeStatus(statusPorts, { id, to: RELEASE.to, staff: release.created_by, what: historyLine(RELEASE) }, now);
  }
  if (decision === 'defer' && ports.deferral) await deferToRegularRound(ports.deferral, statusPorts, app, release.created_by, now);
  await unmarkReleasing(ports, id, release.id);
  return 'released';
}

/** The table's move of a deferral into the regular round. */
const DEFER_ROUND = transition('defer-round');

/**
 * A deferral released in a round before the cycle's regular one: back in review (the history
 * names both rounds; the reviews stay, so the queue offers it to whoever has not reviewed it),
 * then the placement's round moves. A rerun finds either done and does the rest.
 */
async function deferToRegularRound(
  deferral: DeferralPorts,
  statusPorts: Parameters<typeof changeOfficeStatus>[0],
  app: SubmittedApplication,
  staff: string,
  now: Date,
): Promise<void> {
  const move = deferralMove(deferral.cycles, app.placement);
  if (!move) return;
  if (currentStatus(await statusPorts.readHistory(app.id)).status === DEFER_ROUND.from[0]) {
    const what = historyLine(DEFER_ROUND, { decision: 'defer', rounds: { from: move.from.label, to: move.to.label } });
    await changeOfficeStatus(statusPorts, { id: app.id, to: DEFER_ROUND.to, staff, what }, now);
  }
  await deferral.moveRound(app.id, move.from.id, move.to.id);
}

export interface RunOutcome {
  release: ReleaseSummary;
  /** Applications whose release failed this time (the run's retry finishes them). */
  failed: Array<{ id: string; error: string }>;
  /** Applications whose decision was recorded after the release was asked for: not released by it. */
  skipped: string[];
}

/**
 * Runs a stored release (at once, or when its schedule fires). A cancelled or finished release
 * is left as it is. Throws Conflict, writing nothing, when an application named is not decided.
 * An application whose decision changed since the release was asked for is skipped and reported.
 */
export async function runRelease(ports: ReleasePorts, releaseId: string, now: Date = new Date()): Promise<RunOutcome> {
  const release = await ports.releases.readRelease(releaseId);
  if (!release) throw new NotFound(RELEASE_MESSAGES.notFound);
  if (release.state !== 'scheduled') return { release: releaseSummary(release), failed: [], skipped: release.skipped ?? [] };
  const ids = 'ids' in release.target ? release.target.ids : await ports.listDecided();
  const planned = await plan(ports, ids, release);
  refuseUnlessAllReleasable(planned);
  if (!(await ports.releases.startRelease(release.id, now.toISOString()))) {
    const current = await ports.releases.readRelease(release.id);
    return { release: releaseSummary(current ?? release), failed: [], skipped: [] };
  }
  const failed: RunOutcome['failed'] = [];
  const skipped = planned.filter((p) => p.progress === 'skipped').map((p) => p.id);
  for (const { id, progress } of planned) {
    if (progress !== 'release' && progress !== 'resume') continue;
    // One failure must not stop the others; the retry takes up what is left.
    try {
      if ((await releaseOne(ports, release, id, now)) === 'skipped') skipped.push(id);
    } catch (error) {
      failed.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (failed.length > 0) return { release: releaseSummary(release), failed, skipped };
  const released = planned.length - skipped.length;
  await ports.releases.finishRelease(release.id, released, skipped);
  return { release: releaseSummary({ ...release, state: 'released', released, ...(skipped.length ? { skipped } : {}) }), failed, skipped };
}

export interface ReleaseRequest {
  target: ReleaseTarget;
  at?: string;
}

/**
 * POST /staff/api/releases: stores the release, then runs it now or schedules it. The release pins
 * the decision of each application it names (the time it was recorded), so its run releases those
 * decisions or skips the application.
 */
export async function scheduleRelease(ports: ReleasePorts, request: ReleaseRequest, staff: string, now: Date = new Date()): Promise<ReleaseSummary> {
  const id = newReleaseId(now);
  const asked: Planning = { id, created_at: now.toISOString(), target: request.target };
  let pins: Record<string, string> | undefined;
  // Refused before anything is stored, so a scheduled release names only decided applications
  // (its run checks again: one may have changed by then).
  if ('ids' in request.target) {
    const planned = await plan(ports, request.target.ids, asked);
    refuseUnlessAllReleasable(planned);
    pins = Object.fromEntries(planned.flatMap((p) => (p.record ? [[p.id, p.record.decided_at]] : [])));
  } else if (!request.at && (await ports.listDecided()).length === 0) throw new Conflict(RELEASE_MESSAGES.nothingDecided);
  const release: ReleaseRecord = {
    id,
    at: request.at ?? now.toISOString(),
    state: 'scheduled',
    target: request.target,
    created_by: staff,
    created_at: now.toISOString(),
    ...(pins ? { pins } : {}),
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
