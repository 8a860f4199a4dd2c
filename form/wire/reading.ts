/**
 * Reading assignments, checkouts and the committee (issue 39, item 1): the answers of the reader's
 * queue, a checkout and the committee list, and the admin's reassignment's body.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email';
import type { Decision } from './decision-words';
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';
import { parseApplicationId } from './staff';

/** One application in a queue: what its row shows, never a review or a score. */
export interface QueueItem {
  id: string;
  reference: string;
  name: string;
  submitted_at: string;
  /** Assigned to the caller (by the rules or an admin); otherwise open to any reader. */
  assigned: boolean;
  /** The caller's own checkout, until when (ISO). */
  checked_out_until?: string;
}

/** GET /staff/api/queue: the caller's queue, assigned first, and its counts. */
export interface ReadingQueue {
  counts: {
    /** Assigned to the caller and not yet read by them. */
    assigned: number;
    /** Checked out by the caller now. */
    checked_out: number;
    /** Waiting for a reader: fewer readers assigned than reads required. */
    open: number;
    /** Reads that disagree (deciders and admins only). */
    committee?: number;
  };
  items: QueueItem[];
}

/** A checkout taken or renewed. */
export interface CheckoutReply {
  id: string;
  checkout: { by: string; until: string };
  renewed: boolean;
  message: string;
}

/** One read of a committee application: who, what they recommend and their total score. */
export interface CommitteeRead {
  reviewer: string;
  recommendation: Decision;
  total: number;
}

export interface CommitteeItem {
  id: string;
  reference: string;
  name: string;
  submitted_at: string;
  /** What the reads disagree on. */
  disagreement: 'recommendations' | 'scores';
  reads: CommitteeRead[];
}

export interface CommitteeList {
  items: CommitteeItem[];
}

export interface ReassignRequest {
  ids: string[];
  readers: string[];
}

export interface Reassigned {
  count: number;
  readers: string[];
  message: string;
}

export const READING_MESSAGES = {
  ids: 'Choose between 1 and 100 applications to reassign.',
  readers: 'Name up to 10 readers by the e-mail they sign in with (none leaves the applications open to any reader).',
  reader: (raw: string) => `“${raw.slice(0, 80)}” is not an e-mail address.`,
} as const;

const MAX_IDS = 100;
const MAX_READERS = 10;

export function parseReassign(raw: unknown): ReassignRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['ids', 'readers']);
  if (!Array.isArray(body.ids) || body.ids.length === 0 || body.ids.length > MAX_IDS)
    throw new InputError(READING_MESSAGES.ids, { ids: [READING_MESSAGES.ids] });
  const ids = [...new Set(body.ids.map((id) => parseApplicationId(typeof id === 'string' ? id : undefined)))];
  if (!Array.isArray(body.readers) || body.readers.length > MAX_READERS)
    throw new InputError(READING_MESSAGES.readers, { readers: [READING_MESSAGES.readers] });
  const readers = body.readers.map((r) => {
    const email = typeof r === 'string' ? r.trim().toLowerCase() : '';
    if (!email || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
      const message = READING_MESSAGES.reader(typeof r === 'string' ? r : String(r));
      throw new InputError(message, { readers: [message] });
    }
    return email;
  });
  return { ids, readers: [...new Set(readers)] };
}

export const reassignInput = bodyInput<ReassignRequest>()(parseReassign);
