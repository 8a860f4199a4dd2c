import type { DeadlineBanner } from '../../../../form/types';
import type { Snapshot } from '../../lib/session';

export type WelcomeKind = 'anonymous' | 'first' | 'returning' | 'submitted' | null;

/** 001 §1: which welcome panel, if any. */
export function welcomeKind(s: Pick<Snapshot, 'is_service_user' | 'is_logged_in' | 'web_status' | 'has_changed_page' | 'num_logins'>): WelcomeKind {
  if (s.is_service_user) return null;
  if (!s.is_logged_in) return 'anonymous';
  if (s.web_status === 'submitted') return 'submitted';
  if (s.has_changed_page || s.num_logins >= 3) return null;
  return s.num_logins <= 1 ? 'first' : 'returning';
}

const localDate = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

/** The deadline banners in force on `now`: from (inclusive) until (exclusive), local time. */
export function activeDeadlines(banners: readonly DeadlineBanner[], now: Date): DeadlineBanner[] {
  return banners.filter((b) => now >= localDate(b.from) && now < localDate(b.until));
}
