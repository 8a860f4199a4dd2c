/**
 * An application's status in the office: submitted (nobody has looked yet) → in_review (a
 * review exists) → decided (a decision is staged, the applicant sees nothing) → released (the
 * applicant sees the decision). Every change is a history entry that is never edited.
 */
export const OFFICE_STATUSES = ['submitted', 'in_review', 'decided', 'released'] as const;
export type OfficeStatus = (typeof OFFICE_STATUSES)[number];

export function isOfficeStatus(value: unknown): value is OfficeStatus {
  return typeof value === 'string' && (OFFICE_STATUSES as readonly string[]).includes(value);
}

/** How the console names a status. */
export const OFFICE_STATUS_LABELS: Record<OfficeStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  decided: 'Decided',
  released: 'Released',
};

/**
 * One change of the office status: when, who (staff e-mail, or a machine client's name), from, to,
 * what (why, in words). An entry with `material` (a checklist item's id) keeps the status: the
 * office marked that material received or waived, or undid the mark.
 */
export interface OfficeStatusChange {
  at: string;
  staff: string;
  from: OfficeStatus;
  to: OfficeStatus;
  what: string;
  material?: string;
}
