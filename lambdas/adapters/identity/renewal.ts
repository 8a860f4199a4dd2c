/** The session-renewal port (domain/session.ts) for the applicant pool. */
import type { SessionRenewal } from '#domain/session';
import { readSession } from '../store/status-store';
import { log } from '../log';
import { identity } from './index';
import { verifyAccessToken } from './verify';

export const applicantRenewal: SessionRenewal = {
  refresh: (token) =>
    identity()
      .refresh(token)
      .catch((error: unknown) => {
        log.info('refresh refused', { error });
        throw error;
      }),
  verify: verifyAccessToken,
  readSession: (claims) => readSession(claims.sub),
};
