/** Texts of the platform's error catalogue (000 §8) and session messages, in one place. */
export const GENERIC_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";
export const SESSION_INVALID_MESSAGE = 'Your session is invalid. Please clear your cookies and login again.';
export const LOGOUT_MESSAGE = SESSION_INVALID_MESSAGE;
export const IDLE_LOGOUT_MESSAGE = 'You have been automatically logged out due to inactivity.';
export const SUBMITTED_MESSAGE = 'Your application was successfully submitted.';
