/**
 * Possible duplicates (issue 39, item 5): at submission an application is compared with the
 * others of its cycle on a few rules, and a match is flagged to the office, never blocked and
 * never shown to the applicant. Staff say "same person" (the two are linked) or "not a
 * duplicate" (the flag does not come back). The staff routes' answers and body.
 */
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';

/** The rules two applications of a cycle are compared on (lambdas/domain/duplicates/match.ts). */
export const DUPLICATE_RULES = ['email', 'name-birth', 'birth-address', 'swapped-names'] as const;
export type DuplicateRule = (typeof DUPLICATE_RULES)[number];

/** Each rule as the console says it. */
export const DUPLICATE_RULE_WORDS: Readonly<Record<DuplicateRule, string>> = {
  email: 'the same e-mail address',
  'name-birth': 'the same last name and date of birth',
  'birth-address': 'the same date of birth and address',
  'swapped-names': 'first and last names swapped, the same date of birth',
};

/** `open`: flagged, nobody has looked; `same`: the same person (linked); `not`: not a duplicate. */
export type DuplicateState = 'open' | 'same' | 'not';
export const DUPLICATE_VERDICTS = ['same', 'not'] as const;
export type DuplicateVerdict = (typeof DUPLICATE_VERDICTS)[number];

/** One application flagged with the one asked about. */
export interface PossibleDuplicate {
  id: string;
  reference: string;
  name: string;
  submitted_at: string;
  rules: DuplicateRule[];
  state: DuplicateState;
  /** Who gave the verdict and when (absent while open). */
  by?: string;
  at?: string;
}

export interface DuplicatesReply {
  items: PossibleDuplicate[];
}

export interface DuplicateMarked extends DuplicatesReply {
  message: string;
}

export const DUPLICATE_MESSAGES = {
  verdict: 'Choose “same person” or “not a duplicate”.',
  notFlagged: 'These two applications are not flagged as possible duplicates.',
} as const;

export interface MarkDuplicateRequest {
  verdict: DuplicateVerdict;
}

/** `{verdict: 'same' | 'not'}`. */
export function parseMarkDuplicate(raw: unknown): MarkDuplicateRequest {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, ['verdict']);
  const verdict = body.verdict;
  if (typeof verdict !== 'string' || !(DUPLICATE_VERDICTS as readonly string[]).includes(verdict))
    throw new InputError(DUPLICATE_MESSAGES.verdict, { verdict: [DUPLICATE_MESSAGES.verdict] });
  return { verdict: verdict as DuplicateVerdict };
}

export const markDuplicateInput = bodyInput<MarkDuplicateRequest>()(parseMarkDuplicate);
