/**
 * The values two applications of a cycle are compared on (issue 39, item 5). Each rule gives an
 * application at most one value, normalised so that typing differences do not hide a match:
 * letters without accents and case, punctuation and repeated spaces dropped; an e-mail's
 * `+tag` dropped (the same mailbox). A rule needs all its parts: an empty one gives no value
 * (two applications without an address do not match on their addresses).
 */
import type { Answers } from '../ports/answers';
import type { MatchKey } from '../ports/duplicates';

/** Words as compared: NFKD without marks, lower case, letters and digits separated by single spaces. */
export function normalised(raw: string | undefined): string {
  return (raw ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A mailbox as compared: lower case, without a `+tag` in its local part. */
export function mailbox(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 1) return '';
  return `${email.slice(0, at).replace(/\+.*$/, '')}@${email.slice(at + 1)}`;
}

/** A date's digits (the form keeps one format; a different one still compares equal to itself). */
const dayOf = (raw: string | undefined): string => (raw ?? '').replace(/\D/g, '');

const joined = (parts: readonly string[]): string | undefined => (parts.every((p) => p.length > 0) ? parts.join('|') : undefined);

/** The keys an application is filed and looked up under. */
export function matchKeys(answers: Answers, email: string): MatchKey[] {
  const keys: MatchKey[] = [];
  const add = (rule: MatchKey['rule'], register: string | undefined, lookup = register) => {
    if (register !== undefined && lookup !== undefined) keys.push({ rule, register, lookup });
  };
  const birth = dayOf(answers.birth_date);
  const first = normalised(answers.first_name);
  const last = normalised(answers.last_name);
  const m = mailbox(email);
  add('email', m || undefined);
  add('name-birth', joined([last, birth]));
  // The permanent address's first line and its postal code (its town when there is none).
  add('birth-address', joined([birth, normalised(answers.address_line_1), normalised(answers.zip) || normalised(answers.city)]));
  // Filed as written, looked up swapped: the same names in the same order are the name-birth rule's.
  if (first !== last) add('swapped-names', joined([birth, first, last]), joined([birth, last, first]));
  return keys;
}
