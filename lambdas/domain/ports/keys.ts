/** Names of stored items the use-cases reason about (the adapters' key scheme uses the same: adapters/store/keys.ts). */

/** Document answer keys of materials added after submission start with this. */
export const SUPPLEMENT_PREFIX = 'supplement_';
/** The sort key of the applicant's answers item (the submissions index projects it; a cursor names it). */
export const ANSWERS_ITEM_SK = 'answers';
