import { institution } from '#form/institution';

/** "November 2, 2026" on the institution's clock, as the submission time is. */
export function dayInWords(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { timeZone: institution.timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(at);
}
