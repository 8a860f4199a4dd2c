/** Where a staff member's sign-outs are recorded in the status table: never an applicant's key. */
export const staffSessionKey = (sub: string) => `staff#${sub}`;
