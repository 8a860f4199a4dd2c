/**
 * The form's validation rules as a table: answer key -> checks. Each check returns its message
 * when it fails. Checks run only for visible questions (a hidden question is never required),
 * and every failing check of a field reports, so a field can carry several messages.
 *
 * Whether a question is required, and what a blank answer is told, is said once: by the question
 * (its `required`, or the `oneOf` group it belongs to, in pages/). The table below holds the
 * other checks the spec names, keyed by `AnswerKey`, so a rule for a key no page asks is a
 * compile error (answer-key.test.ts keeps it so).
 */
import { retiredLabel } from '../choices';
import { evaluate } from '../conditionals';
import { birthDateBounds, isValidIsoDate, mailingWindow } from '../dates';
import { EMAIL_PATTERN } from '../email';
import { allQuestions, type AnswerKey } from '../model';
import { months, USA, yearList } from '../options';
import { ACT_SECTIONS, SAT_SECTIONS } from '../pages/education';
import { unprintableMessage } from '../printable';
import type { AnswerOption, Answers, ChoiceQuestion, Question } from '../types';
import { MESSAGES as M } from './messages';

export interface RuleEnv {
  readonly now: Date;
}

/** The answers as a rule reads them: by the keys the pages ask, so a misspelt key does not compile. */
export type RuleAnswers = { readonly [K in AnswerKey]?: string };

export interface Rule {
  readonly id: string;
  readonly check: (value: string, answers: RuleAnswers, env: RuleEnv) => string | undefined;
}

/** Checks per answer key, typed by the keys the pages ask. */
export type RuleTable = { readonly [K in AnswerKey]?: readonly Rule[] };

/** (###) ###-####, area code and exchange starting 2-9. */
export const PHONE_PATTERN = /^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$/;

const blank = (v: string | undefined): boolean => (v ?? '').trim() === '';

const rule = (id: string, check: Rule['check']): Rule => ({ id, check });

const matchesWhenGiven = (id: string, pattern: RegExp, message: string): Rule => rule(id, (v) => (!blank(v) && !pattern.test(v) ? message : undefined));

/** A given score outside its range; a blank one is the question's requirement, with the same message. */
const scoreRule = (min: number, max: number, step: number, message: string): Rule =>
  rule('score', (v) => {
    if (blank(v)) return undefined;
    const ok = /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max && Number(v) % step === 0;
    return ok ? undefined : message;
  });

/** One rule per test section, keyed by the section's answer key. */
function sectionRules<K extends AnswerKey>(sections: readonly { key: K; name: string }[], ruleFor: (name: string) => Rule) {
  const out: { [P in K]?: readonly Rule[] } = {};
  for (const s of sections) out[s.key] = [ruleFor(s.name)];
  return out;
}

const SPEC_RULES: RuleTable = {
  birth_date: [
    rule('valid', (v) => (!blank(v) && !isValidIsoDate(v) ? M.birthDateInvalid : undefined)),
    rule('earliest', (v, _a, env) => (isValidIsoDate(v) && v < birthDateBounds(env.now).earliest ? M.birthDateTooEarly : undefined)),
    rule('latest', (v, _a, env) => (isValidIsoDate(v) && v > birthDateBounds(env.now).latest ? M.birthDateTooLate : undefined)),
  ],
  phone_home: [matchesWhenGiven('phone', PHONE_PATTERN, M.phoneHome)],
  phone_mobile: [
    matchesWhenGiven('phone', PHONE_PATTERN, M.phoneMobile),
    rule('sms', (v, a) => (a.optin_sms_ind === 'true' && !blank(a.phone_home) && blank(v) ? M.phoneSms : undefined)),
  ],
  phone_emergency: [matchesWhenGiven('phone', PHONE_PATTERN, M.phoneEmergency)],
  zip: [rule('min', (v, a) => (a.country === USA && v.length < 5 ? M.zipMin : undefined))],
  mailing_addr_effective_date: [
    // Blank or invalid dates are stored as empty, so only a valid date is range-checked.
    rule('min', (v, _a, env) => {
      const w = mailingWindow(env.now);
      return isValidIsoDate(v) && v < w.min ? M.mailingMinYear(w.minYear) : undefined;
    }),
    rule('max', (v, _a, env) => {
      const w = mailingWindow(env.now);
      return isValidIsoDate(v) && v > w.max ? M.mailingMaxYear(w.maxYear) : undefined;
    }),
  ],
  parent_email: [matchesWhenGiven('email', EMAIL_PATTERN, M.parentEmail(1))],
  parent_2_email: [matchesWhenGiven('email', EMAIL_PATTERN, M.parentEmail(2))],
  phone_parent: [matchesWhenGiven('phone', PHONE_PATTERN, M.parentPhone(1))],
  phone_2_parent: [matchesWhenGiven('phone', PHONE_PATTERN, M.parentPhone(2))],
  counselor_email_address: [matchesWhenGiven('email', EMAIL_PATTERN, M.counselorEmail)],
  ...sectionRules(SAT_SECTIONS, (name) => scoreRule(200, 800, 10, M.satScore(name))),
  ...sectionRules(ACT_SECTIONS, (name) => scoreRule(1, 36, 1, M.actScore(name))),
};

/**
 * The checks a question's own declaration makes: its requirement (blank, or for a checkbox not
 * checked, while its `when` holds) and its `oneOf` group (every question of the group blank).
 */
function requirementRules(q: Question): Rule[] {
  const out: Rule[] = [];
  const { required, oneOf } = q;
  if (required) {
    const missing = (v: string) => (q.type === 'checkbox' ? v !== 'true' : blank(v));
    // A question asked only at some times is required only while asked (the round, issue 37).
    const asked = (now: Date) => !((q.type === 'radio' || q.type === 'dropdown') && q.askedAt && !q.askedAt(now));
    out.push(rule('required', (v, a, env) => (missing(v) && asked(env.now) && (!required.when || evaluate(required.when, a)) ? required.message : undefined)));
  }
  if (oneOf) {
    const group = allQuestions.filter((other) => other.oneOf?.id === oneOf.id).map((other) => other.key);
    out.push(
      rule('either', (_v, a) => {
        const answers: Readonly<Answers> = a; // read by the group's keys, which the page gave as strings
        return group.every((key) => blank(answers[key])) ? oneOf.message : undefined;
      }),
    );
  }
  return out;
}

/** The options a choice offers for these answers at `now`. */
function offered(q: ChoiceQuestion, answers: Readonly<Answers>, now: Date): readonly AnswerOption[] {
  if (q.dependsOn) return q.dependsOn.optionsByValue[answers[q.dependsOn.valueKey] ?? ''] ?? [];
  return q.optionsAt ? q.optionsAt(now) : q.options;
}

interface RetiredChoice {
  readonly message: (label: string) => string;
}

/**
 * Questions whose stored choice can stop being offered with time say so in their own words; the
 * code of a choice missing its stored label is read in words by its choice (choices.ts). Here,
 * not in messages.ts: its keys are the pages' (AnswerKey), and the pages import messages.ts.
 */
const RETIRED_CHOICE: { readonly [K in AnswerKey]?: RetiredChoice } = {
  entry_term: { message: M.termClosed },
  application_round: { message: M.roundClosed },
};

const RETIRED_BY_KEY = new Map(Object.entries<RetiredChoice | undefined>(RETIRED_CHOICE));

/** A stored choice that is not offered, in words: its stored label (or a label read from its code), never the code. */
function notOffered(q: ChoiceQuestion, value: string, answers: Readonly<Answers>): string {
  const retired = RETIRED_BY_KEY.get(q.key);
  const label = (q.includeDesc ? answers[`${q.key}_desc`] : undefined)?.trim() || retiredLabel(q.key, value);
  if (!label) return M.choiceUnknown;
  return retired ? retired.message(label) : M.choiceNotOffered(label);
}

/** Stored-value shape checks (server side guard): lengths, option values, booleans. */
function shapeRules(q: Question): [string, Rule][] {
  const out: [string, Rule][] = [];
  const oneOf = (key: string, values: (env: RuleEnv) => readonly string[], message: (v: string) => string) =>
    out.push([key, rule('oneOf', (v, _a, env) => (blank(v) || values(env).includes(v) ? undefined : message(v)))]);
  switch (q.type) {
    case 'text':
    case 'textarea':
    case 'autocomplete':
    case 'phone':
    case 'ssn': {
      const max = q.maxLength;
      if (max !== undefined) out.push([q.key, rule('max', (v) => (v.length > max ? M.maxLength(max) : undefined))]);
      out.push([q.key, rule('printable', unprintableMessage)]);
      break;
    }
    case 'dropdown':
    case 'radio':
      out.push([q.key, rule('oneOf', (v, a, env) => (blank(v) || offered(q, a, env.now).some((o) => o.value === v) ? undefined : notOffered(q, v, a)))]);
      break;
    case 'checkbox':
      oneOf(
        q.key,
        () => ['true', 'false'],
        () => M.checkboxInvalid,
      );
      break;
    case 'checkboxGroup':
      q.options.forEach((o) =>
        oneOf(
          o.yupValueKey,
          () => ['true', 'false'],
          () => M.checkboxInvalid,
        ),
      );
      break;
    case 'monthYear':
      oneOf(
        q.key,
        () => months.map((m) => m.value),
        () => M.monthInvalid,
      );
      oneOf(
        q.yearKey,
        (env) => yearList(q.years, env.now).map((y) => y.value),
        (v) => (/^\d{4}$/.test(v) ? M.yearNotOffered(v) : M.yearInvalid),
      );
      break;
    default:
      break;
  }
  return out;
}

function buildRuleTable(): Record<string, Rule[]> {
  const table: Record<string, Rule[]> = {};
  const add = (key: string, r: Rule) => (table[key] ??= []).push(r);
  for (const q of allQuestions) requirementRules(q).forEach((r) => add(q.key, r));
  for (const [key, rules] of Object.entries<readonly Rule[] | undefined>(SPEC_RULES)) rules?.forEach((r) => add(key, r));
  for (const q of allQuestions) for (const [key, r] of shapeRules(q)) add(key, r);
  return table;
}

/** Answer key -> its checks: requirement first, then the spec's rules, then shape. Keys without checks are absent. */
export const RULES: Readonly<Record<string, readonly Rule[]>> = buildRuleTable();
