/**
 * The words of the office's marks on the checklist: the statuses a mark sets and the messages of
 * its refusals. Without imports, so the console's control loads none of the request parsers
 * (form/wire/materials.ts, which re-exports these).
 */
/** What a mark sets an item to; `awaiting` undoes the mark (the item is as the applicant's uploads and answers say). */
export const MATERIAL_STATUSES = ['received', 'waived', 'awaiting'] as const;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];

export const MATERIAL_STATUS_LABELS: Record<MaterialStatus, string> = { received: 'Received', waived: 'Waived', awaiting: 'Awaiting' };

export const MATERIAL_MESSAGES = {
  status: `Choose a status: ${MATERIAL_STATUSES.join(', ')} (awaiting undoes a mark).`,
  date: 'Give the day it arrived as YYYY-MM-DD, for example 2026-11-20.',
  dateOnlyReceived: 'Only a received material has a day it arrived: leave received_at out.',
} as const;
