/**
 * The scheduled release: an EventBridge Scheduler one-time schedule invokes this with
 * `{release_id}` at the release's time (lib/releases.ts); locally the stack's timers do
 * (local/release-schedule.ts). A run that leaves some applications unreleased (a mail refused)
 * fails, so Scheduler's retry policy runs it again, and the rerun finishes only what is left.
 */
import { log, withLogContext } from '#adapters/log';
import { runRelease, type RunOutcome } from '#domain/releases/release';
import { RELEASE_ID } from '#form/wire/decisions';
import { releasePorts } from '#wiring/releases';

export async function runScheduledRelease(event: { release_id?: unknown } | undefined): Promise<RunOutcome> {
  const id = event?.release_id;
  if (typeof id !== 'string' || !RELEASE_ID.test(id)) throw new Error('a scheduled release event names its release_id');
  const outcome = await runRelease(await releasePorts(), id);
  log.info('release run', { release: id, state: outcome.release.state, released: outcome.release.released ?? 0, failed: outcome.failed.length });
  // Reported, not retried: their decision changed after the release was asked for (an admin releases them again).
  if (outcome.skipped.length > 0) log.warn('release skipped changed decisions', { release: id, skipped: outcome.skipped });
  if (outcome.failed.length > 0)
    throw new Error(`${outcome.failed.length} application(s) not released: ${outcome.failed.map((f) => `${f.id}: ${f.error}`).join('; ')}`);
  return outcome;
}

export const handler = withLogContext('releaseDecisions', runScheduledRelease);
