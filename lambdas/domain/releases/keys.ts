/** Where a released decision's letters are stored (documents bucket): under the applicant's id, which the erasure deletes by. */
export const decisionLetterPrefix = (sub: string): string => `decision-letters/${sub}/`;

/** One letter per release, so a changed decision's letter is a new file. */
export function decisionLetterKey(sub: string, releaseId: string): string {
  return `${decisionLetterPrefix(sub)}${releaseId}.pdf`;
}
