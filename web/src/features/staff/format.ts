import { submittedAtInWords } from '#form/print';

/**
 * A stored ISO time on the institution's clock, naming its zone ("November 24, 2026 at 2:15 AM
 * CST"): the applicant side's one formatter, so the office and the applicant read the same time.
 */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return '';
  return submittedAtInWords(iso) || iso;
}
