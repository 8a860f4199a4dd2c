import { institution } from '#form/institution';

/**
 * "November 2, 2026" on the institution's clock, as the submission time is; a day alone
 * (YYYY-MM-DD, the day the office marked a material received) is that calendar day, in no zone.
 */
export function dayInWords(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const timeZone = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : institution.timeZone;
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(at);
}
