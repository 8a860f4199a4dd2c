/**
 * The form's validation rules as a table: answer key -> checks. Each check returns its message
 * when it fails. Checks run only for visible questions (a hidden question is never required),
 * and every failing check of a field reports, so a field can carry several messages.
 */
import { EMAIL_PATTERN } from '../account';
import { birthDateBounds, isValidIsoDate, mailingWindow } from '../dates';
import { allQuestions } from '../model';
import { ACT_SECTIONS, SAT_SECTIONS } from '../pages/education';
import { CAN, months, USA, yearList } from '../options';
import type { AnswerOption, Answers, ChoiceQuestion, Question } from '../types';
import { MESSAGES as M, REQUIRED_MESSAGES, RETIRED_CHOICE } from './messages';
import { unprintableMessage } from '../printable';

export interface RuleEnv {
  readonly now: Date;
}

export interface Rule {
  readonly id: string;
  readonly check: (value: string, answers: Readonly<Answers>, env: RuleEnv) => string | undefined;
}

/** (###) ###-####, area code and exchange starting 2-9. */
export const PHONE_PATTERN = /^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$/;

const blank = (v: string | undefined): boolean => (v ?? '').trim() === '';

const rule = (id: string, check: Rule['check']): Rule => ({ id, check });

const required = (message: string): Rule => rule('required', (v) => (blank(v) ? message : undefined));

const matchesWhenGiven = (id: string, pattern: RegExp, message: string): Rule =>
  rule(id, (v) => (!blank(v) && !pattern.test(v) ? message : undefined));

const scoreRule = (test: string, min: number, max: number, step: number, message: string): Rule =>
  rule('score', (v, answers) => {
    if (answers[`${test}_taken`] !== 'Y') return undefined;
    const ok = /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max && Number(v) % step === 0;
    return ok ? undefined : message;
  });

const eitherPhone = rule('either', (_v, a) => (blank(a.phone_home) && blank(a.phone_mobile) ? M.phoneEither : undefined));

const SPEC_RULES: Record<string, readonly Rule[]> = {
  birth_date: [
    required(M.birthDateRequired),
    rule('valid', (v) => (!blank(v) && !isValidIsoDate(v) ? M.birthDateInvalid : undefined)),
    rule('earliest', (v, _a, env) =>
      isValidIsoDate(v) && v < birthDateBounds(env.now).earliest ? M.birthDateTooEarly : undefined,
    ),
    rule('latest', (v, _a, env) =>
      isValidIsoDate(v) && v > birthDateBounds(env.now).latest ? M.birthDateTooLate : undefined,
    ),
  ],
  phone_home: [matchesWhenGiven('phone', PHONE_PATTERN, M.phoneHome), eitherPhone],
  phone_mobile: [
    matchesWhenGiven('phone', PHONE_PATTERN, M.phoneMobile),
    eitherPhone,
    rule('sms', (v, a) => (a.optin_sms_ind === 'true' && !blank(a.phone_home) && blank(v) ? M.phoneSms : undefined)),
  ],
  phone_emergency: [required(M.phoneEmergencyRequired), matchesWhenGiven('phone', PHONE_PATTERN, M.phoneEmergency)],
  state: [rule('required', (v, a) => ([USA, CAN].includes(a.country ?? '') && blank(v) ? M.stateRequired : undefined))],
  zip: [
    rule('required', (v, a) => (a.country === USA && blank(v) ? M.zipRequired : undefined)),
    rule('min', (v, a) => (a.country === USA && v.length < 5 ? M.zipMin : undefined)),
  ],
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
  legal_agree: [rule('true', (v) => (v !== 'true' ? REQUIRED_MESSAGES.legal_agree : undefined))],
  conviction_comment: [
    rule('required', (v, a) => (a.conviction === 'Y' && blank(v) ? REQUIRED_MESSAGES.conviction_comment : undefined)),
  ],
  suspended_comment: [
    rule('required', (v, a) => (a.suspended === 'Y' && blank(v) ? REQUIRED_MESSAGES.suspended_comment : undefined)),
  ],
  ...Object.fromEntries(SAT_SECTIONS.map((s) => [s.key, [scoreRule('sat', 200, 800, 10, M.satScore(s.name))]])),
  ...Object.fromEntries(ACT_SECTIONS.map((s) => [s.key, [scoreRule('act', 1, 36, 1, M.actScore(s.name))]])),
};

const REQUIRED_BY_LABEL = Object.keys(REQUIRED_MESSAGES).filter((k) => !(k in SPEC_RULES));

/** The options a choice offers for these answers at `now`. */
function offered(q: ChoiceQuestion, answers: Readonly<Answers>, now: Date): readonly AnswerOption[] {
  if (q.dependsOn) return q.dependsOn.optionsByValue[answers[q.dependsOn.valueKey] ?? ''] ?? [];
  return q.optionsAt ? q.optionsAt(now) : q.options;
}

/** A stored choice that is not offered, in words: its stored label (or a label read from its code), never the code. */
function notOffered(q: ChoiceQuestion, value: string, answers: Readonly<Answers>): string {
  const retired = RETIRED_CHOICE[q.key];
  const label = (q.includeDesc ? answers[`${q.key}_desc`] : undefined)?.trim() || retired?.label?.(value);
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
      out.push([
        q.key,
        rule('oneOf', (v, a, env) => (blank(v) || offered(q, a, env.now).some((o) => o.value === v) ? undefined : notOffered(q, v, a))),
      ]);
      break;
    case 'checkbox':
      oneOf(q.key, () => ['true', 'false'], () => M.checkboxInvalid);
      break;
    case 'checkboxGroup':
      q.options.forEach((o) => oneOf(o.yupValueKey, () => ['true', 'false'], () => M.checkboxInvalid));
      break;
    case 'monthYear':
      oneOf(q.key, () => months.map((m) => m.value), () => M.monthInvalid);
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
  for (const key of REQUIRED_BY_LABEL) add(key, required(REQUIRED_MESSAGES[key] as string));
  for (const [key, rules] of Object.entries(SPEC_RULES)) rules.forEach((r) => add(key, r));
  for (const q of allQuestions) for (const [key, r] of shapeRules(q)) add(key, r);
  return table;
}

/** Answer key -> its checks, spec rules first. Keys without checks are absent. */
export const RULES: Readonly<Record<string, readonly Rule[]>> = buildRuleTable();
