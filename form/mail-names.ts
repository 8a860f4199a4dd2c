/**
 * Names that go into an e-mail the institution sends for an applicant: a recommendation
 * invitation names the applicant, their school and the recommender, from the institution's own
 * sender. Typed by the applicant, they must not carry a link or a message of their own, so a
 * person's name is letters (of any script), spaces, hyphens and apostrophes, at most 50
 * characters, and a school's name may add digits and a few marks schools use, but nothing a mail
 * client would turn into a link. The browser checks the recommender's name with these rules
 * (the invitation's parser, form/wire/recommendations.ts); the server checks all three.
 */

export const MAIL_NAME_MAX_LENGTH = 50;
export const MAIL_SCHOOL_MAX_LENGTH = 100;

/** Starts and ends with a letter; between, letters, spaces, hyphens and apostrophes (' and ’). */
const PERSON = /^[\p{L}\p{M}](?:[\p{L}\p{M} '\u2019-]*[\p{L}\p{M}])?$/u;
/** A school's name: letters and digits, and the marks of "St. Mary’s H.S. #2" or "Jr./Sr. High (North)". */
const SCHOOL = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} '\u2019.,&()#/-]*$/u;
/** A dot between a word and two letters or more: what a mail client links ("evil.example", "www.x.org"). */
const DOMAIN_LIKE = /[\p{L}\p{N}-]\.\p{L}{2,}/u;

const length = (text: string): number => [...text].length;

export const isMailableName = (name: string): boolean => length(name) <= MAIL_NAME_MAX_LENGTH && PERSON.test(name);

/** A school's name as an e-mail may print it ('' is none: the e-mail leaves it out). */
export const isMailableSchool = (school: string): boolean =>
  school === '' || (length(school) <= MAIL_SCHOOL_MAX_LENGTH && SCHOOL.test(school) && !DOMAIN_LIKE.test(school));

/**
 * The words of each refusal. The applicant's own name and school are answers of the form, so the
 * invitation says which page to correct them on (the pages' titles; mail-names.test.ts keeps them so).
 */
export const MAIL_NAME_PAGES = { name: 'About You', school: 'Your Academics' } as const;

export const MAIL_NAME_MESSAGES = {
  recommenderName: `Use only letters, spaces, hyphens and apostrophes in the recommender\u2019s name, at most ${MAIL_NAME_MAX_LENGTH} characters.`,
  applicantNameMissing: `Enter your first and last name on the ${MAIL_NAME_PAGES.name} page before inviting a recommender: the invitation tells them whose letter it is.`,
  applicantName:
    `Your first and last name go into the invitation as you entered them on the ${MAIL_NAME_PAGES.name} page, and there they may use only letters, ` +
    `spaces, hyphens and apostrophes, at most ${MAIL_NAME_MAX_LENGTH} characters each. Correct them there, then send the invitation again.`,
  school:
    `Your school\u2019s name goes into the invitation as you entered it on the ${MAIL_NAME_PAGES.school} page, and there it may use only letters, ` +
    `digits, spaces and . , \u2019 - & ( ) # /, at most ${MAIL_SCHOOL_MAX_LENGTH} characters, and no web address. Correct it there, then send the invitation again.`,
} as const;
