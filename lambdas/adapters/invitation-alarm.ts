/**
 * The operators' signal that the site-wide daily cap of invitations turned one away: a log line
 * whose `metric` field lib/ counts with a metric filter on the inviting function's log group,
 * and alarms on (lib/stack.ts, docs/recommendations.md).
 */
import { INVITATION_SITE_CAP_METRIC, type InvitationAlarm } from '#domain/ports/recommendations';
import { log } from './log';

export const invitationAlarm: InvitationAlarm = {
  siteCapReached: () =>
    log.warn('Recommendation invitations: the site-wide daily cap was reached; every invitation is refused until midnight UTC', {
      metric: INVITATION_SITE_CAP_METRIC,
    }),
};
