/**
 * The application's validation: the rule table (./rules.ts) run over the answers, without yup, so
 * that the server's submit does not carry yup for a loop over plain checks. Every check of every
 * visible question runs (a hidden question is never required nor checked), each failing check
 * reports its message once, and the keys come in model order (page by page, top to bottom), so
 * the error summary reads like the form. The yup schemas (./schema.ts) run the same rules.
 */
import { allAnswerKeys } from '../data-model';
import { getPage, pageAnswerKeys, pages } from '../model';
import type { Answers, FieldErrors, PageId, ValidateOptions } from '../types';
import { visibleKeys } from '../visibility';
import { RULES, type RuleEnv } from './rules';

const ORDER = new Map(pages.flatMap((p) => pageAnswerKeys(p)).map((k, i) => [k, i]));
const PAGE_KEYS = new Map(pages.map((p) => [p.id, pageAnswerKeys(p)]));

function run(keys: readonly string[], answers: Readonly<Record<string, unknown>>, opts: ValidateOptions): FieldErrors {
  // Every known key goes in, so cross-field rules and visibility see the whole application.
  const input: Answers = {};
  for (const key of allAnswerKeys) {
    const v = answers[key];
    input[key] = typeof v === 'string' ? v : '';
  }
  const env: RuleEnv = { now: opts.now ?? new Date() };
  const visible = visibleKeys(input, opts);
  const errors: FieldErrors = {};
  for (const key of keys) {
    if (!visible.has(key)) continue;
    for (const rule of RULES[key] ?? []) {
      const message = rule.check(input[key] ?? '', input, env);
      if (message === undefined) continue;
      const list = (errors[key] ??= []);
      if (!list.includes(message)) list.push(message);
    }
  }
  const sorted = Object.keys(errors).sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
  return Object.fromEntries(sorted.map((k) => [k, errors[k] as string[]]));
}

/**
 * Every problem of the application: answer key -> its messages (deduplicated). Empty when valid.
 * Hidden questions are skipped; date rules use `opts.now`.
 */
export function validateApplication(answers: Readonly<Record<string, unknown>>, opts: ValidateOptions = {}): FieldErrors {
  return run(allAnswerKeys, answers, opts);
}

/** The problems of one page's questions (visibility still sees the whole application). */
export function validatePage(pageId: PageId, answers: Readonly<Record<string, unknown>>, opts: ValidateOptions = {}): FieldErrors {
  getPage(pageId);
  return run(PAGE_KEYS.get(pageId) ?? [], answers, opts);
}
