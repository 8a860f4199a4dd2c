/**
 * The form's option answers, declared once: which options each dropdown and radio offers (its own,
 * its controller's by value, or the day's), and which year goes with each month. The pages'
 * builders (build.ts) take a question's options from here by its key, and the save
 * (lambdas/domain/answer-labels.ts) derives every `<key>_desc` label from here (choice-labels.ts)
 * without building the pages. model.test.ts checks that the pages ask exactly these.
 */
import { institution, termLabel } from './institution';
import { countries, countriesNoUsa, statesByCountry, yesNo } from './options';
import { roundLabel, roundOptionsAt, roundQuestionAskedAt } from './rounds';
import { withOptionsAt } from './terms';
import type { AnswerOption, ConditionalOptions } from './types';

/** The options of a choice answer; its label is stored as `<key>_desc`. */
export interface Choice {
  /** Static options; empty when `dependsOn` supplies them. Where `optionsAt` is given, today's list. */
  readonly options: readonly AnswerOption[];
  /** A dependent dropdown: the options by its controller's answer. */
  readonly dependsOn?: ConditionalOptions;
  /** Options that change with the date (entry terms): those offered at `now`. */
  readonly optionsAt?: (now: Date) => readonly AnswerOption[];
  /** A stored code no longer offered, read in words (a term that has closed). */
  readonly retiredLabel?: (value: string) => string | undefined;
  /** A question asked only at some times (the round, issue 37): whether it is asked at `now`. */
  readonly askedAt?: (now: Date) => boolean;
}

const fixed = (options: readonly AnswerOption[]): Choice => ({ options });
const dependent = (valueKey: string, optionsByValue: ConditionalOptions['optionsByValue']): Choice => ({
  options: [],
  dependsOn: { valueKey, optionsByValue },
});

const suffixes = ['Jr.', 'Sr.', 'II', 'III', 'IV', 'V'].map((s) => ({ value: s, label: s }));

export const genders = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Nonbinary or another gender' },
  { value: 'U', label: 'I prefer not to say' },
];

export const relationships = [
  { value: 'MO', label: 'Mother' },
  { value: 'FA', label: 'Father' },
  { value: 'LG', label: 'Legal Guardian' },
  { value: 'SM', label: 'Stepmother' },
  { value: 'SF', label: 'Stepfather' },
  { value: 'GP', label: 'Grandparent' },
  { value: 'OT', label: 'Other' },
];

const prefixes = ['Mr.', 'Mrs.', 'Ms.', 'Mx.', 'Dr.'].map((s) => ({ value: s, label: s }));

export const phoneTypes = [
  { value: 'C', label: 'Cell' },
  { value: 'H', label: 'Home' },
  { value: 'W', label: 'Work' },
];

export const citizenshipTypes = [
  { value: 'US', label: 'U.S. Citizen or U.S. National' },
  { value: 'PR', label: 'U.S. Permanent Resident' },
  { value: 'NR', label: 'Citizen of another country' },
];

export const visaStatuses = [
  { value: 'F1', label: 'F-1 (Student)' },
  { value: 'J1', label: 'J-1 (Exchange Visitor)' },
  { value: 'H4', label: 'H-4 (Dependent)' },
  { value: 'OT', label: 'Other visa' },
  { value: 'NV', label: 'I do not have a visa yet' },
];

/** The prefixes of the form's addresses (permanent, mailing, each parent's). */
export type AddressPrefix = '' | 'mailing_' | 'parent_' | 'parent_2_';

/** The same choices under each prefix, their keys typed `${prefix}${key}`. */
function prefixed<const P extends string, K extends string>(prefixes: readonly P[], choices: (p: P) => Record<K, Choice>): Record<`${P}${K}`, Choice> {
  // Filled with every prefix's keys below: the declared key type is what the loop writes.
  const out: Record<string, Choice> = {};
  for (const p of prefixes) for (const [k, c] of Object.entries<Choice>(choices(p))) out[`${p}${k}`] = c;
  return out;
}

/** An address's country first; its state dropdown offers that country's states (USA, CAN), else none. */
const addressChoices = (p: AddressPrefix) => ({ country: fixed(countries), state: dependent(`${p}country`, statesByCountry) });

const parentChoices = () => ({
  relationship: fixed(relationships),
  prefix: fixed(prefixes),
  phone_type: fixed(phoneTypes),
  addr_same_as_perm_addr: fixed(yesNo),
});

/** Every dropdown and radio of the form, by answer key. */
export const CHOICES = {
  // About You
  suffix: fixed(suffixes),
  gender: fixed(genders),
  ...prefixed(['', 'mailing_', 'parent_', 'parent_2_'], addressChoices),
  mailing_addr_same_as_perm_addr: fixed(yesNo),
  ...prefixed(['parent_', 'parent_2_'], parentChoices),
  citizenship_type: fixed(citizenshipTypes),
  citizenship_country: fixed(countriesNoUsa),
  citizenship_visa_status: fixed(visaStatuses),
  ethnicity: fixed(yesNo),
  // Your Academics
  entry_term: withOptionsAt({ options: [], retiredLabel: termLabel }, (now) => institution.entryTermsOn(now)),
  applied_major: fixed(institution.majors),
  applied_concentration: dependent('applied_major', institution.concentrations),
  first_gen_student: fixed(yesNo),
  hs_country: fixed(countries),
  hs_state: dependent('hs_country', statesByCountry),
  ged_earned: fixed(yesNo),
  test_optional: fixed(yesNo),
  ...prefixed(['sat_', 'act_'], () => ({ taken: fixed(yesNo) })),
  // Final Steps
  conviction: fixed(yesNo),
  suspended: fixed(yesNo),
  counselor_waiver_request: fixed(yesNo),
  application_round: withOptionsAt({ options: [], retiredLabel: roundLabel, askedAt: roundQuestionAskedAt }, roundOptionsAt),
} satisfies Record<string, Choice>;

export type ChoiceKey = keyof typeof CHOICES;

const CHOICE_BY_KEY: ReadonlyMap<string, Choice> = new Map(Object.entries<Choice>(CHOICES));

/** The words of a stored code its choice no longer offers (undefined when the choice has none). */
export function retiredLabel(key: string, value: string): string | undefined {
  return CHOICE_BY_KEY.get(key)?.retiredLabel?.(value);
}

/** Every month question of the form, by answer key: the key of its year. Both are stored with their label. */
export const MONTH_YEARS = {
  grad_month: 'grad_year',
  sat_plan_month: 'sat_plan_year',
  act_plan_month: 'act_plan_year',
} as const;

export type MonthKey = keyof typeof MONTH_YEARS;
