/**
 * Temporary links: an answer set an admissions office prepares for a prospective applicant,
 * behind a fresh `?token=` link that opens the application with those answers (the existing
 * GET /public/tmp reads it). The answers are checked as an applicant's would be.
 */
import { PAGE_PATHS } from '../application';

export type { TemporaryLinkRequest } from '#form/wire/staff';

/** The address the prospect opens: the application's first page with the token. */
export function temporaryLinkUrl(origin: string, token: string): string {
  return `${origin}${PAGE_PATHS[0] ?? '/'}?token=${encodeURIComponent(token)}`;
}
