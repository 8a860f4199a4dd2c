/** Option lists shared by questions: stored values are codes, labels go to the _desc companions. */
import type { AnswerOption, YearListSpec } from '../types';
import { COUNTRY_CODES } from './country-alpha2';

export const USA = 'USA';
const CAN = 'CAN';

/**
 * A country option's label is its code: its English name is the server's and the printer's
 * (form/choice-labels.ts), and the web shows every language's from the
 * catalogs (form.country.<alpha-2>), so the form pages load no list of 249 English names.
 */
const coded = (codes: readonly string[]): AnswerOption[] => codes.map((value) => ({ value, label: value }));

/** Every country, the United States placed first. */
export const countries: readonly AnswerOption[] = coded([USA, ...COUNTRY_CODES.filter((c) => c !== USA)]);

/** Every country except the United States (e.g. country of citizenship for non-citizens). */
export const countriesNoUsa: readonly AnswerOption[] = coded(COUNTRY_CODES.filter((c) => c !== USA));

/** The model's country lists, whose options are labelled by their code (a choice's own list is one of these). */
export const COUNTRY_LISTS: ReadonlySet<readonly AnswerOption[]> = new Set([countries, countriesNoUsa]);

const opts = (rows: readonly (readonly [string, string])[]): AnswerOption[] => rows.map(([value, label]) => ({ value, label }));

export const usStates: readonly AnswerOption[] = opts([
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
]);

export const usTerritories: readonly AnswerOption[] = opts([
  ['AS', 'American Samoa'],
  ['FM', 'Federated States of Micronesia'],
  ['GU', 'Guam'],
  ['MH', 'Marshall Islands'],
  ['MP', 'Northern Mariana Islands'],
  ['PW', 'Palau'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
]);

export const armedForces: readonly AnswerOption[] = opts([
  ['AA', 'Armed Forces Americas'],
  ['AE', 'Armed Forces Europe, Middle East, Africa and Canada'],
  ['AP', 'Armed Forces Pacific'],
]);

export const canadianProvinces: readonly AnswerOption[] = opts([
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NT', 'Northwest Territories'],
  ['NS', 'Nova Scotia'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
]);

/** The US list a USA address offers: states, DC, territories and armed-forces codes. */
export const usStatesAndTerritories: readonly AnswerOption[] = [...usStates, ...usTerritories, ...armedForces];

/** US states, territories and armed forces plus Canadian provinces and territories. */
export const statesAndProvinces: readonly AnswerOption[] = [...usStatesAndTerritories, ...canadianProvinces];

/** State options by country: the state dropdown is conditional on these two countries. */
export const statesByCountry: Readonly<Record<string, readonly AnswerOption[]>> = {
  [USA]: usStatesAndTerritories,
  [CAN]: canadianProvinces,
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Months stored as '1'..'12'. */
export const months: readonly AnswerOption[] = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));

export const yesNo: readonly AnswerOption[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];

/** Years from `start` (default: the year of `now`), `count` of them, into the past or future. */
export function yearList(spec: YearListSpec, now: Date = new Date()): AnswerOption[] {
  const start = (spec.start ?? now.getFullYear()) + (spec.offset ?? 0);
  const step = spec.direction === 'past' ? -1 : 1;
  return Array.from({ length: spec.count }, (_, i) => {
    const year = String(start + i * step);
    return { value: year, label: year };
  });
}

/** Label of a value in a list ('' when absent): what a _desc companion holds. */
export function optionLabel(options: readonly AnswerOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? '';
}
