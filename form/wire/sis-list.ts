/**
 * The query of GET /sis/v1/applications: `since` (required; ISO 8601, a day or a moment), `limit`
 * (1–100, 50 by default) and the `cursor` of the page before. The cursor is opaque here; the list's
 * use-case reads it (lambdas/domain/sis/application-list.ts).
 */
import { InputError, queryFields, queryInput } from './input';

export const SIS_LIST_LIMIT = { min: 1, max: 100, default: 50 } as const;

export const SIS_LIST_MESSAGES = {
  since: 'The since parameter is required: an ISO 8601 day or time, for example since=2026-09-01T00:00:00Z (the changes from then on, oldest first).',
  badSince: 'The since parameter must be an ISO 8601 day or time, for example 2026-09-01 or 2026-09-01T08:30:00Z.',
  limit: `The limit parameter must be a whole number from ${SIS_LIST_LIMIT.min} to ${SIS_LIST_LIMIT.max}.`,
  cursor: 'The cursor parameter is not one this API gave: send the next_cursor of the page before unchanged, or start again without one.',
} as const;

export interface SisListQuery {
  /** The moment as ISO 8601 in UTC with milliseconds, the form the change index sorts by. */
  since: string;
  limit: number;
  cursor?: string;
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function parseSince(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') throw new InputError(SIS_LIST_MESSAGES.since, { since: [SIS_LIST_MESSAGES.since] });
  const value = raw.trim();
  const at = ISO_8601.test(value) ? new Date(value) : undefined;
  if (!at || Number.isNaN(at.getTime())) throw new InputError(SIS_LIST_MESSAGES.badSince, { since: [SIS_LIST_MESSAGES.badSince] });
  return at.toISOString();
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return SIS_LIST_LIMIT.default;
  const limit = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(limit >= SIS_LIST_LIMIT.min && limit <= SIS_LIST_LIMIT.max)) throw new InputError(SIS_LIST_MESSAGES.limit, { limit: [SIS_LIST_MESSAGES.limit] });
  return limit;
}

export function parseSisListQuery(raw: Record<string, string>): SisListQuery {
  const { since, limit, cursor } = queryFields(raw, ['since', 'limit', 'cursor'], 512);
  const parsed: SisListQuery = { since: parseSince(since), limit: parseLimit(limit) };
  if (cursor !== undefined && cursor !== '') {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InputError(SIS_LIST_MESSAGES.cursor, { cursor: [SIS_LIST_MESSAGES.cursor] });
    parsed.cursor = cursor;
  }
  return parsed;
}

export const sisListInput = queryInput<{ since: string; limit?: string; cursor?: string }>()(parseSisListQuery);
