/** Where a staff member's sign-outs are recorded in the status table: never an applicant's key. */
export const staffSessionKey = (sub: string) => `staff#${sub}`;
/** What a refused staff session answers (the console shows it on its sign-in screen). */
export const STAFF_SIGNED_OUT_MESSAGE = 'Your staff session has ended. Please sign in again.';
