/**
 * Suppression and one-click unsubscribe (domain/messages/suppression.ts): the /unsubscribe routes,
 * the office's suppression list, and the mail service's bounces and complaints
 * (lambdas/events/mail-feedback.ts; locally the same function, from /_dev/mail's controls).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { rateLimiter } from '#adapters/store/rate-limits';
import { suppressionStore, unsubscribeTokens } from '#adapters/store/suppression-store';
import type { deleteSuppression, listSuppressions, readUnsubscribe, recordFeedback, unsubscribe } from '#domain/messages/suppression';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

const unsubscribePorts = () => ({ suppressions: suppressionStore, tokens: unsubscribeTokens, limiter: rateLimiter, now: () => new Date() });

export const readUnsubscribePorts = (): PortsOf<typeof readUnsubscribe> => unsubscribePorts();
export const unsubscribeRoutePorts = (): PortsOf<typeof unsubscribe> => unsubscribePorts();
export const feedbackPorts = (): PortsOf<typeof recordFeedback> => ({ suppressions: suppressionStore, now: () => new Date() });
export const listSuppressionsPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof listSuppressions> => ({
  suppressions: suppressionStore,
  audit: staffAudit(staff, event),
});
export const deleteSuppressionPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof deleteSuppression> => ({
  suppressions: suppressionStore,
  audit: staffAudit(staff, event),
});
