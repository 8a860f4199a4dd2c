/**
 * Generated applicants for the sandbox (`npm run seed`): realistic answers built from the form
 * model, so they stay valid when the form changes. Every question on screen for the answers so far
 * gets a value by its type (an option it offers today, a year of its list, a ticked box where one
 * is required), and the questions whose words matter (names, dates, phones, scores, schools,
 * addresses) get a value that reads like a real applicant's. A question the form gains later is
 * answered by its type, or left blank when it is optional. Pure: the same seed and index give the
 * same applicant, whatever order a concurrent run makes them in.
 */
import { Faker, base, en, en_US, type SexType } from '@faker-js/faker';
import { deferralMove } from '#domain/cycles/deferral';
import { recordFields, type LookupRecord } from '#domain/lookup/records';
import { descKey } from '#form/data-model';
import { birthDateBounds, isoDate, mailingWindow, toIsoDate } from '#form/dates';
import { timetable } from '#form/institution-cycles';
import { recordLookupPatch } from '#form/lookup-fill';
import { allQuestions } from '#form/model';
import { months, USA, yearList } from '#form/options';
import { roundsOpenAt } from '#form/rounds';
import { currentCycle } from '#form/timetable';
import type { Answers, AnswerOption, AutocompleteCategory, ChoiceQuestion, Question } from '#form/types';
import { visibleKeys } from '#form/visibility';
import type { Decision } from '#form/wire/decision-words';

/** Lookup lists by autocomplete category (the command gives the samples the product ships). */
export type SeedLookups = Readonly<Record<AutocompleteCategory, readonly LookupRecord[]>>;

export interface GeneratedApplicant {
  email: string;
  answers: Answers;
  /** The decision the office stages for it when the run decides (one its round allows). */
  decision: Decision;
}

/** What one applicant's values depend on besides the question. */
interface Person {
  readonly f: Faker;
  readonly now: Date;
  readonly sex: SexType;
  readonly lookups: SeedLookups;
}

/** A value for one question: the answers to set (a choice with its label, a lookup's fills), or undefined to leave it blank. */
type ValueFor = (q: Question, answers: Readonly<Answers>, p: Person) => Answers | undefined;

const ACTIVITIES = [
  'Varsity Soccer',
  'Debate Team',
  'School Newspaper',
  'Marching Band',
  'Robotics Club',
  'Volunteer Tutor',
  'Part-time Job at a Grocery Store',
  'Student Council',
  'Theater Club',
  'Track and Field',
  'Math Olympiad',
  'Community Food Bank Volunteer',
  'Chess Club',
  'Yearbook Committee',
];

const DECISION_WEIGHTS: readonly { value: Decision; weight: number }[] = [
  { value: 'admit', weight: 45 },
  { value: 'deny', weight: 25 },
  { value: 'waitlist', weight: 18 },
  { value: 'defer', weight: 12 },
];

const fit = (value: string, q: Question): string => ('maxLength' in q && q.maxLength !== undefined ? value.slice(0, q.maxLength).trim() : value);
const one = (q: Question, value: string): Answers => ({ [q.key]: fit(value, q) });
/** (###) ###-####, area code and exchange from 2 to 9, as the form's pattern wants. */
const phoneNumber = (f: Faker): string => {
  const digits = (length: number) => f.string.numeric({ length, allowLeadingZeros: true });
  return `(${f.number.int({ min: 2, max: 9 })}${digits(2)}) ${f.number.int({ min: 2, max: 9 })}${digits(2)}-${digits(4)}`;
};

/** The options a choice offers for these answers at `now` (none when it is not asked now). */
function offered(q: ChoiceQuestion, answers: Readonly<Answers>, now: Date): readonly AnswerOption[] {
  if (q.askedAt && !q.askedAt(now)) return [];
  if (q.dependsOn) return q.dependsOn.optionsByValue[answers[q.dependsOn.valueKey] ?? ''] ?? [];
  return q.optionsAt ? q.optionsAt(now) : q.options;
}

function chosen(q: ChoiceQuestion, option: AnswerOption | undefined): Answers | undefined {
  if (!option) return undefined;
  return { [q.key]: option.value, ...(q.includeDesc ? { [descKey(q.key)]: option.label } : {}) };
}

/** An option of the question, by weight where the weights name it (a value it does not offer is skipped). */
function pick(q: Question, answers: Readonly<Answers>, p: Person, weights?: Readonly<Record<string, number>>): Answers | undefined {
  if (q.type !== 'dropdown' && q.type !== 'radio') return undefined;
  const options = offered(q, answers, p.now);
  const weighted = weights ? options.filter((o) => (weights[o.value] ?? 0) > 0) : [];
  if (weighted.length > 0) return chosen(q, p.f.helpers.weightedArrayElement(weighted.map((o) => ({ value: o, weight: weights![o.value]! }))));
  return options.length > 0 ? chosen(q, p.f.helpers.arrayElement(options)) : undefined;
}

const isRequired = (q: Question): boolean => q.required !== undefined || q.oneOf !== undefined;

/** Answers an optional question this often (a required one always). */
const sometimes =
  (share: number, value: ValueFor): ValueFor =>
  (q, a, p) =>
    isRequired(q) || p.f.datatype.boolean(share) ? value(q, a, p) : undefined;

const choose =
  (weights: Readonly<Record<string, number>>): ValueFor =>
  (q, a, p) =>
    pick(q, a, p, weights);

const name =
  (part: 'first' | 'middle' | 'last'): ValueFor =>
  (q, _a, p) =>
    one(q, part === 'first' ? p.f.person.firstName(p.sex) : part === 'middle' ? p.f.person.middleName(p.sex) : p.f.person.lastName());

const email: ValueFor = (q, a, p) => one(q, p.f.internet.email({ firstName: a.first_name, lastName: a.last_name, provider: 'example.com' }).toLowerCase());

/** A record of the category's list, chosen as the web app chooses a suggestion: its fills go with it. */
const lookup: ValueFor = (q, a, p) => {
  if (q.type !== 'autocomplete') return undefined;
  const records = p.lookups[q.category];
  if (records.length === 0) return isRequired(q) ? one(q, p.f.company.name()) : undefined;
  const record = p.f.helpers.arrayElement(records);
  const label = q.category === 'address' ? record.address_line_1 : record.name;
  return recordLookupPatch(q, recordFields(record, q.category), fit(label, q), a);
};

/** A first-year applicant: 16 to 19 years old, within the form's bounds. */
const birthDate: ValueFor = (q, _a, p) => {
  const bounds = birthDateBounds(p.now);
  const year = p.now.getFullYear();
  const from = isoDate(year - 19, 1, 1) < bounds.earliest ? bounds.earliest : isoDate(year - 19, 1, 1);
  const to = isoDate(year - 16, 12, 31) > bounds.latest ? bounds.latest : isoDate(year - 16, 12, 31);
  return one(q, toIsoDate(p.f.date.between({ from: `${from}T12:00:00`, to: `${to}T12:00:00` })));
};

/** Graduating at the end of this school year (May or June), when the question offers that year. */
const graduation: ValueFor = (q, _a, p) => {
  if (q.type !== 'monthYear') return undefined;
  const years = yearList(q.years, p.now).map((y) => y.value);
  const endOfSchoolYear = String(p.now.getFullYear() + (p.now.getMonth() >= 6 ? 1 : 0));
  const year = years.includes(endOfSchoolYear) ? endOfSchoolYear : years[0];
  const month = p.f.helpers.arrayElement(months.filter((m) => m.value === '5' || m.value === '6'));
  if (!year) return undefined;
  return { [q.key]: month.value, [descKey(q.key)]: month.label, [q.yearKey]: year, [descKey(q.yearKey)]: year };
};

const score =
  (min: number, max: number, step: number): ValueFor =>
  (q, _a, p) =>
    one(q, String(p.f.number.int({ min: min / step, max: max / step }) * step));

/** The questions whose words matter, by answer key; every other question is answered by its type. */
const BY_KEY: Readonly<Record<string, ValueFor>> = {
  first_name: name('first'),
  middle_name: sometimes(0.4, name('middle')),
  last_name: name('last'),
  suffix: sometimes(0.04, (q, a, p) => pick(q, a, p)),
  gender: (q, a, p) => pick(q, a, p, p.sex === 'female' ? { F: 90, X: 5, U: 5 } : { M: 90, X: 5, U: 5 }),
  birth_date: birthDate,
  phone_home: sometimes(0.35, (q, _a, p) => one(q, phoneNumber(p.f))),
  // The cell phone carries the one-of rule, so a home phone alone never leaves it unmet.
  phone_mobile: (q, _a, p) => one(q, phoneNumber(p.f)),
  optin_sms_ind: (q, _a, p) => one(q, String(p.f.datatype.boolean(0.5))),
  emergency_contact_name: (q, a, p) => one(q, `${p.f.person.firstName()} ${a.last_name ?? p.f.person.lastName()}`),
  country: choose({ [USA]: 1 }),
  mailing_country: choose({ [USA]: 1 }),
  parent_country: choose({ [USA]: 1 }),
  parent_2_country: choose({ [USA]: 1 }),
  mailing_addr_same_as_perm_addr: choose({ Y: 85, N: 15 }),
  mailing_addr_effective_date: (q, _a, p) => {
    const window = mailingWindow(p.now);
    const from = toIsoDate(p.now) > window.min ? toIsoDate(p.now) : window.min;
    return one(q, toIsoDate(p.f.date.between({ from: `${from}T12:00:00`, to: `${window.max}T12:00:00` })));
  },
  parent_relationship: choose({ MO: 45, FA: 40, LG: 5, GP: 5, SM: 3, SF: 2 }),
  parent_prefix: sometimes(0.5, (q, a, p) => pick(q, a, p, a.parent_relationship === 'FA' ? { 'Mr.': 80, 'Dr.': 20 } : { 'Ms.': 50, 'Mrs.': 40, 'Dr.': 10 })),
  parent_first_name: (q, a, p) => one(q, p.f.person.firstName(a.parent_relationship === 'FA' || a.parent_relationship === 'SF' ? 'male' : 'female')),
  parent_last_name: (q, a, p) => one(q, p.f.datatype.boolean(0.85) && a.last_name ? a.last_name : p.f.person.lastName()),
  parent_email: (q, a, p) =>
    one(q, p.f.internet.email({ firstName: a.parent_first_name, lastName: a.parent_last_name, provider: 'example.com' }).toLowerCase()),
  phone_parent: (q, _a, p) => one(q, phoneNumber(p.f)),
  parent_addr_same_as_perm_addr: choose({ Y: 90, N: 10 }),
  citizenship_type: choose({ US: 85, PR: 7, NR: 8 }),
  alien_registration_number: (q, _a, p) => one(q, p.f.helpers.fromRegExp('A[0-9]{9}')),
  applied_concentration: sometimes(0.5, (q, a, p) => pick(q, a, p)),
  hs_gpa: (q, _a, p) => one(q, p.f.number.float({ min: 2.4, max: 4, fractionDigits: 2 }).toFixed(2)),
  grad_month: graduation,
  sat_score_reading_writing: score(400, 800, 10),
  sat_score_math: score(400, 800, 10),
  act_score_composite: score(16, 36, 1),
  act_score_english: score(14, 36, 1),
  act_score_math: score(14, 36, 1),
  act_score_reading: score(14, 36, 1),
  act_score_science: score(14, 36, 1),
  activity_name: (q, _a, p) => one(q, p.f.helpers.arrayElement(ACTIVITIES)),
  counselor_first_name: sometimes(0.7, (q, _a, p) => one(q, p.f.person.firstName())),
  counselor_last_name: (q, a, p) => (a.counselor_first_name ? one(q, p.f.person.lastName()) : undefined),
  counselor_email_address: (q, a, p) =>
    a.counselor_first_name
      ? one(q, p.f.internet.email({ firstName: a.counselor_first_name, lastName: a.counselor_last_name, provider: 'example.org' }).toLowerCase())
      : undefined,
  conviction: choose({ N: 97, Y: 3 }),
  suspended: choose({ N: 92, Y: 8 }),
  counselor_waiver_request: choose({ Y: 85, N: 15 }),
};

/** A question no key above names, by its type: required ones always, optional ones about half the time. */
const BY_TYPE: Readonly<Record<Question['type'], ValueFor>> = {
  dropdown: sometimes(0.6, (q, a, p) => pick(q, a, p)),
  radio: sometimes(0.7, (q, a, p) => pick(q, a, p)),
  checkbox: (q, _a, p) => one(q, isRequired(q) || p.f.datatype.boolean(0.3) ? 'true' : 'false'),
  // One box of a group ticked, now and then two (a race, say), the others left 'false'.
  checkboxGroup: (q, _a, p) => {
    if (q.type !== 'checkboxGroup') return undefined;
    const ticked = new Set(p.f.helpers.arrayElements(q.options, p.f.datatype.boolean(0.15) ? 2 : 1).map((o) => o.yupValueKey));
    return Object.fromEntries(q.options.map((o) => [o.yupValueKey, String(ticked.has(o.yupValueKey))]));
  },
  monthYear: sometimes(0.6, (q, _a, p) => {
    if (q.type !== 'monthYear') return undefined;
    const month = p.f.helpers.arrayElement(months);
    const year = p.f.helpers.arrayElement(yearList(q.years, p.now));
    return { [q.key]: month.value, [descKey(q.key)]: month.label, [q.yearKey]: year.value, [descKey(q.yearKey)]: year.label };
  }),
  date: sometimes(0.5, (q, _a, p) => one(q, toIsoDate(p.now))),
  phone: sometimes(0.5, (q, _a, p) => one(q, phoneNumber(p.f))),
  // Nobody's number, and not one to invent for an optional question.
  ssn: (q, _a, p) => (isRequired(q) ? one(q, p.f.helpers.fromRegExp('9[0-9]{2}-[0-9]{2}-[0-9]{4}')) : undefined),
  text: (q, a, p) => (/email/.test(q.key) ? sometimes(0.5, email)(q, a, p) : isRequired(q) ? one(q, p.f.lorem.words(3)) : undefined),
  textarea: sometimes(0.3, (q, _a, p) => one(q, p.f.lorem.sentences(2))),
  autocomplete: sometimes(0.8, lookup),
  file: () => undefined,
};

/**
 * Answers for every question on screen, in form order, until answering shows nothing new (a
 * country shows its states, a Yes its explanation). A question already filled by a lookup keeps
 * that value; a hidden one is never answered.
 */
function answersOf(p: Person): Answers {
  const answers: Answers = {};
  const asked = new Set<string>();
  for (let pass = 0; pass < 10; pass += 1) {
    const visible = visibleKeys(answers, { now: p.now });
    const next = allQuestions.filter((q) => !asked.has(q.key) && visible.has(q.key));
    if (next.length === 0) break;
    for (const q of next) {
      asked.add(q.key);
      if ((answers[q.key] ?? '') !== '') continue;
      Object.assign(answers, (BY_KEY[q.key] ?? BY_TYPE[q.type])(q, answers, p) ?? {});
    }
  }
  return answers;
}

/** A decision the office may stage; a deferral only for a round before its cycle's regular one (where a deferral moves it). */
function decisionFor(answers: Readonly<Answers>, p: Person): Decision {
  const cycle = currentCycle(timetable.cycles, p.now, timetable.timeZone);
  const round = answers.application_round || roundsOpenAt(p.now)[0]?.id;
  const deferrable = cycle && round ? deferralMove(timetable.cycles, { cycle: cycle.id, round, late: false }) !== undefined : false;
  return p.f.helpers.weightedArrayElement(DECISION_WEIGHTS.filter((d) => deferrable || d.value !== 'defer'));
}

const slug = (s: string): string =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/**
 * The applicant number `index` of a run seeded with `seed`. `run` goes into the e-mail only (each
 * run's addresses are new, so a second run on the same stack signs up new accounts), the rest is
 * the same for the same seed and index.
 */
export function generateApplicant(seed: number, index: number, run: string, lookups: SeedLookups, now: Date = new Date()): GeneratedApplicant {
  const f = new Faker({ locale: [en_US, en, base] });
  f.seed([seed, index]);
  const p: Person = { f, now, sex: f.person.sexType(), lookups };
  const answers = answersOf(p);
  const local = [slug(answers.first_name ?? ''), slug(answers.last_name ?? ''), run, String(index)].filter(Boolean).join('.');
  return { email: `${local}@example.edu`, answers, decision: decisionFor(answers, p) };
}
