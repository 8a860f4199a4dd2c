/**
 * The clock that runs a scheduled release (domain/ports/releases.ts). In AWS a one-time
 * EventBridge Scheduler schedule (`at(...)`, in the stack's schedule group) invokes the release
 * Lambda with `{release_id}` through a role that may invoke only that function, and deletes
 * itself once it has run; its retry policy retries a failed invocation, Lambda's own retries a
 * failed run (the invocation is asynchronous). The calls are signed without
 * the Scheduler client (./signed-request.ts), named by the commands they stand for. The local
 * stack's timers stand in for it (local/release-schedule.ts, lambdas/wiring/releases.ts).
 */
import { HttpRequest } from '@smithy/core/protocols';
import type { ReleaseScheduler } from '#domain/ports/releases';
import { config, type Config } from '#lambdas/config';
import { awsCredentials, dnsSuffix, refused, sendSigned, signer } from './signed-request';

/** One schedule per release; its name is all the run needs to find it. */
export const scheduleName = (releaseId: string) => `release-${releaseId}`;

/** `at(...)` takes a time to the second, without zone (ScheduleExpressionTimezone says UTC). */
export const atExpression = (iso: string) => `at(${new Date(iso).toISOString().slice(0, 19)})`;

/** How long Scheduler keeps retrying an invocation it could not make. */
export const RELEASE_RETRY = { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 6 * 60 * 60 } as const;

export function schedulerRequest(region: string, method: 'POST' | 'DELETE', name: string, body?: unknown, query?: Record<string, string>): HttpRequest {
  const hostname = `scheduler.${region}.${dnsSuffix(region)}`;
  const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
  return new HttpRequest({
    method,
    protocol: 'https:',
    hostname,
    path: `/schedules/${encodeURIComponent(name)}`,
    ...(query ? { query } : {}),
    headers: { host: hostname, ...(bytes ? { 'content-type': 'application/json', 'content-length': String(bytes.byteLength) } : {}) },
    ...(bytes ? { body: bytes } : {}),
  });
}

/** CreateSchedule's body: a one-time schedule in the group whose target is the release Lambda, its input the release's id. */
export function createScheduleBody(c: Pick<Config, 'releaseScheduleGroup' | 'releaseFunctionArn' | 'releaseSchedulerRoleArn'>, releaseId: string, at: string) {
  return {
    GroupName: c.releaseScheduleGroup,
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Description: `Releases decisions (release ${releaseId})`,
    Target: { Arn: c.releaseFunctionArn, RoleArn: c.releaseSchedulerRoleArn, Input: JSON.stringify({ release_id: releaseId }), RetryPolicy: RELEASE_RETRY },
  };
}

export async function signedSchedule(operation: 'CreateScheduleCommand', releaseId: string, at: string): Promise<void> {
  const c = config();
  if (!c.releaseScheduleGroup || !c.releaseFunctionArn || !c.releaseSchedulerRoleArn)
    throw new Error('RELEASE_SCHEDULE_GROUP, RELEASE_FUNCTION_ARN and RELEASE_SCHEDULER_ROLE_ARN must be set');
  const body = createScheduleBody(c, releaseId, at);
  const { status } = await sendSigned(signer('scheduler', c.region, awsCredentials()), () => schedulerRequest(c.region, 'POST', scheduleName(releaseId), body));
  if (status !== 200) throw refused(`Scheduler ${operation} for release ${releaseId}`, status);
}

/** Delete the schedule; one already gone (it ran, or was deleted) is no error. */
export async function signedUnschedule(operation: 'DeleteScheduleCommand', releaseId: string): Promise<void> {
  const c = config();
  const { status } = await sendSigned(signer('scheduler', c.region, awsCredentials()), () =>
    schedulerRequest(c.region, 'DELETE', scheduleName(releaseId), undefined, { groupName: c.releaseScheduleGroup }),
  );
  if (status !== 200 && status !== 404) throw refused(`Scheduler ${operation} for release ${releaseId}`, status);
}

export const releaseScheduler: ReleaseScheduler = {
  schedule: (id, at) => signedSchedule('CreateScheduleCommand', id, at),
  unschedule: (id) => signedUnschedule('DeleteScheduleCommand', id),
};
