/** Where a released decision's letters are stored (documents bucket): under the applicant's id, which the erasure deletes by. */
export const decisionLetterPrefix = (sub: string): string => `decision-letters/${sub}/`;

/**
 * One letter per release, so a changed decision's letter is a new file; and another once the
 * applicant has replied, which no longer asks for the reply (letter.ts).
 */
export function decisionLetterKey(sub: string, releaseId: string, replied = false): string {
  return `${decisionLetterPrefix(sub)}${releaseId}${replied ? '-replied' : ''}.pdf`;
}
