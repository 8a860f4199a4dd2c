import type { Snapshot } from '#web/lib/session';

export type WelcomeKind = 'anonymous' | 'first' | 'returning' | 'submitted' | null;

/** Which welcome panel, if any. */
export function welcomeKind(s: Pick<Snapshot, 'is_service_user' | 'is_logged_in' | 'web_status' | 'has_changed_page' | 'num_logins'>): WelcomeKind {
  if (s.is_service_user) return null;
  if (!s.is_logged_in) return 'anonymous';
  if (s.web_status === 'submitted') return 'submitted';
  if (s.has_changed_page || s.num_logins >= 3) return null;
  return s.num_logins <= 1 ? 'first' : 'returning';
}
