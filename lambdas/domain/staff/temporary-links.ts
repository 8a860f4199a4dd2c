/**
 * Temporary links: an answer set an admissions office prepares for a prospective applicant,
 * behind a fresh `?token=` link that opens the application with those answers (the existing
 * GET /public/tmp reads it). The answers are checked as an applicant's would be.
 */
import { PAGE_PATHS, parseAnswerPatch } from '../application';
import { Invalid } from '../errors';
import { requireObject, rejectUnknownFields } from '../input';

export const MAX_LINK_DAYS = 90;

export interface TemporaryLinkRequest {
  answer: Record<string, string>;
  expiresInDays: number;
}

export function parseLinkDays(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > MAX_LINK_DAYS) {
    const message = `expires_in_days must be a whole number of days from 1 to ${MAX_LINK_DAYS}.`;
    throw new Invalid(message, { expires_in_days: [message] });
  }
  return raw;
}

export function parseTemporaryLink(raw: unknown): TemporaryLinkRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['answer', 'expires_in_days']);
  const expiresInDays = parseLinkDays(body.expires_in_days);
  const answer = parseAnswerPatch(body.answer ?? {});
  if (Object.keys(answer).length === 0) throw new Invalid('Prepare at least one answer for the link.', { answer: ['Prepare at least one answer for the link.'] });
  return { answer: { ...answer }, expiresInDays };
}

/** The address the prospect opens: the application's first page with the token. */
export function temporaryLinkUrl(origin: string, token: string): string {
  return `${origin}${PAGE_PATHS[0] ?? '/'}?token=${encodeURIComponent(token)}`;
}
