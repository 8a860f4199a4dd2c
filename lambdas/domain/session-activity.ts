/**
 * The server's idle timeout and absolute lifetime of a session. Every authenticated request (and
 * every refresh) asks `SessionActivity.touch`, which both checks the session and keeps it alive.
 *
 * The last-activity mark is stored per sign-in session (ports/session-activity.ts) and written at
 * most once per interval (a minute), so the mark lags the last request by less than an interval;
 * the container remembers the marks it has seen, so most requests read nothing either.
 */
import { IDLE_LOGOUT_MESSAGE, SESSION_INVALID_MESSAGE } from '#form/contract';
import { Unauthorized } from './errors';
import type { AccessClaims } from './ports/identity';
import type { SessionActivityStore, SessionRef } from './ports/session-activity';

export type { SessionActivityStore, SessionRef };

export interface SessionLimits {
  /** No request for longer than this ends the session. */
  idleSeconds: number;
  /** A session ends this long after its sign-in, however active. */
  lifetimeSeconds: number;
}

export type SessionVerdict = 'active' | 'idle' | 'expired';

/** How long a stored mark may stand before a request moves it (ms): a minute, or a fifteenth of a shorter idle timeout. */
export function markInterval(limits: SessionLimits): number {
  return Math.min(60_000, (limits.idleSeconds * 1000) / 15);
}

/** The session began (signed in at `authTime`, epoch s) longer ago than its lifetime. */
export function outlived(limits: SessionLimits, now: number, authTime: number): boolean {
  return now - authTime * 1000 > limits.lifetimeSeconds * 1000;
}

/**
 * The rule, at `now` (epoch ms), for a session signed in at `authTime` (epoch s) whose stored
 * mark is `mark` (epoch ms; without one the sign-in is the last activity). The mark may lag the
 * last request by up to one interval, so a session is idle only once its mark is older than the
 * timeout plus that interval: it ends between 15 and 16 minutes after its last request, never
 * before 15.
 */
export function sessionVerdict(limits: SessionLimits, now: number, authTime: number, mark: number | undefined): SessionVerdict {
  if (outlived(limits, now, authTime)) return 'expired';
  const last = mark ?? authTime * 1000;
  return now - last > limits.idleSeconds * 1000 + markInterval(limits) ? 'idle' : 'active';
}

/** The stored activity item outlives the session by a day, then the table's TTL removes it. */
const ITEM_MARGIN_SECONDS = 24 * 60 * 60;
const MAX_REMEMBERED = 10_000;

export class SessionActivity {
  /** Marks this container has read or written. A mark only moves forward, so a remembered one is never newer than the table's. */
  private readonly known = new Map<string, number>();

  constructor(private readonly store: SessionActivityStore) {}

  /**
   * The session's verdict for a request at `now`, moving its mark when the request keeps it
   * alive. Reads the table only when the remembered mark is older than the interval (an idle
   * verdict therefore always comes from the table), and writes only when the table's is too.
   * A session found idle stays idle: the write refuses to move a mark that is already too old.
   */
  async touch(session: SessionRef, authTime: number, limits: SessionLimits, now: number = Date.now()): Promise<SessionVerdict> {
    if (outlived(limits, now, authTime)) return 'expired';
    const interval = markInterval(limits);
    const key = `${session.owner}\n${session.id}`;
    let mark = this.known.get(key);
    if (mark === undefined || now - mark >= interval) {
      mark = await this.store.readMark(session);
      if (mark !== undefined) this.remember(key, mark);
    }
    const verdict = sessionVerdict(limits, now, authTime, mark);
    if (verdict !== 'active') return verdict;
    if (mark === undefined || now - mark >= interval) {
      const notBefore = now - limits.idleSeconds * 1000 - interval;
      const moved = await this.store.moveMark(session, now, notBefore, authTime + limits.lifetimeSeconds + ITEM_MARGIN_SECONDS);
      if (!moved) return 'idle';
      this.remember(key, now);
    }
    return 'active';
  }

  private remember(key: string, mark: number): void {
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
    this.known.set(key, mark);
  }
}

/** What a refused session answers: the inactivity message, or the pool's own for a session that outlived its lifetime. */
export interface EndedMessages {
  idle: string;
  expired: string;
}

/**
 * The applicant pool's: the spec's inactivity text for an idle session, the pool's own for one
 * that outlived its lifetime (the staff pool's, STAFF_ENDED, is in ./staff/session-key.ts).
 */
export const APPLICANT_ENDED: EndedMessages = { idle: IDLE_LOGOUT_MESSAGE, expired: SESSION_INVALID_MESSAGE };

/**
 * Keeps the verified token's session alive, or refuses the request (401) when the session sat
 * idle or outlived its lifetime. `owner` is where the pool keeps its sessions (the applicant's
 * sub, a staff member's own key). A token without a sign-in time cannot be bounded and is refused.
 */
export async function keepSessionAlive(
  activity: SessionActivity,
  claims: AccessClaims,
  owner: string,
  limits: SessionLimits,
  messages: EndedMessages,
): Promise<void> {
  if (claims.auth_time === undefined) throw new Unauthorized(messages.expired);
  // Cognito's tokens name their sign-in session (origin_jti); without one the owner's sessions share a mark.
  const verdict = await activity.touch({ owner, id: claims.origin_jti ?? 'any' }, claims.auth_time, limits);
  if (verdict === 'idle') throw new Unauthorized(messages.idle);
  if (verdict === 'expired') throw new Unauthorized(messages.expired);
}
