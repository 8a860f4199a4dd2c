/**
 * One question, one place: the compiler ties the validation rules and messages to the pages.
 *
 * The `@ts-expect-error` lines are the test. `npm run typecheck` compiles this file with the rest,
 * and a directive above a line that compiles is itself an error ("Unused '@ts-expect-error'
 * directive"): if the types ever stop rejecting a rule for a key no page asks, or a required
 * question without its message, the typecheck fails. Vitest does not see types; what runs below
 * checks what the builders and the rule table do with the same inputs at run time, where nothing
 * else would stop the mistakes.
 */
import { describe, expect, it } from 'vitest';
import { documentQuestion, text } from './build';
import type { DataModelKey } from './data-model';
import { pageAnswerKeys, pages, type AnswerKey } from './model';
import type { TextQuestion } from './types';
import { RULES, type Rule, type RuleTable } from './validation/rules';

/** True only when A and B hold the same keys. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// The keys the compiler reads off the pages are the tenant data model's, written out by hand
// elsewhere: a builder whose key type drifted from the keys it stores, a page key missing from
// the model or a model key no page asks, and this line stops compiling.
const _pagesAskTheDataModel: Same<AnswerKey, DataModelKey> = true;

describe('AnswerKey', () => {
  it('a rule for a key no page asks does not compile', () => {
    // @ts-expect-error: no page asks "first_nmae", so the rule table has no place for it.
    const _misspelt: RuleTable = { first_nmae: [] };
    // @ts-expect-error: "no_such_key" is not an answer key of any page.
    const _unknown: AnswerKey = 'no_such_key';
    // @ts-expect-error: a rule reads the other answers by the keys the pages ask ("optin_sms" is not one).
    const _reads: Rule = { id: 'sms', check: (_v, answers) => (answers.optin_sms === 'true' ? 'message' : undefined) };

    // What the table does hold: every key it checks is one a page asks.
    const asked = new Set(pages.flatMap(pageAnswerKeys));
    expect(Object.keys(RULES).filter((key) => !asked.has(key))).toEqual([]);
  });

  it('a required question without its message does not compile', () => {
    // @ts-expect-error: required-ness comes with its message; `optional: false` alone is no longer an option.
    const forced = text('middle_name', 'Middle Name', { optional: false });
    // @ts-expect-error: a requirement names the message a blank answer is told.
    const _noMessage: TextQuestion = { ...text('middle_name', 'Middle Name'), required: {} };
    // @ts-expect-error: a document is not an answer, so no answer rule could require it.
    const _document = documentQuestion('resume', 'Resume', { required: true });

    // Had it compiled, the builder would have made an optional question that nothing requires.
    expect(forced).toMatchObject({ optional: true });
    expect(forced.required).toBeUndefined();
  });

  it('a required question carries its message: the label, or the message it names', () => {
    expect(text('first_name', 'First Name', { required: true })).toMatchObject({ optional: false, required: { message: 'First Name' } });
    expect(text('phone_emergency', 'Emergency Contact Phone', { required: 'Please enter one.' }).required).toEqual({ message: 'Please enter one.' });
    const when = { valueKey: 'country', operator: 'equals', target: 'USA' } as const;
    expect(text('zip', 'ZIP/Postal Code', { required: { when } }).required).toEqual({ message: 'ZIP/Postal Code', when });
    expect(text('zip', 'ZIP/Postal Code', { required: false })).toMatchObject({ optional: true });
  });
});
