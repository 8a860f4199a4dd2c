import type { Category } from '#form/wire/lookup';
import { countryName, stateDescription } from './regions';

/**
 * One entry of a lookup dataset. Schools and colleges are keyed by their CEEB code; addresses
 * by the dataset's own id (or a places service's place id). For addresses `name` is empty:
 * the street line is the label.
 */
export interface LookupRecord {
  id: string;
  name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  /** Postal code where the form has a state list (USA: PA, CAN: ON); free text elsewhere. */
  state: string;
  zip: string;
  /** ISO 3166-1 alpha-3, as the form's country list stores it. */
  country: string;
}

/** An autocomplete suggestion exactly as the web app reads it. */
export interface Suggestion {
  text: string;
  id: string;
  sub_text: string;
}

/** Field name → value of a chosen record. */
export type AnswerFields = Record<string, string>;

/** The words the user sees and types: the school name, or the street line for addresses. */
export function labelOf(record: LookupRecord, category: Category): string {
  return category === 'address' ? record.address_line_1 : record.name;
}

export function toSuggestion(record: LookupRecord, category: Category): Suggestion {
  const place = [record.city, record.state].filter(Boolean).join(', ');
  const foreign = record.country !== 'USA' ? (countryName(record.country) ?? record.country) : '';
  const sub_text =
    category === 'address' ? [[place, record.zip].filter(Boolean).join(' '), foreign].filter(Boolean).join(', ') : [place, foreign].filter(Boolean).join(', ');
  return { text: labelOf(record, category), id: record.id, sub_text };
}

/** The record's own fields, with the _desc labels the form's dropdowns would store. */
export function recordFields(record: LookupRecord, category: Category): AnswerFields {
  return {
    id: record.id,
    ...(category === 'address' ? {} : { name: record.name }),
    address_line_1: record.address_line_1,
    ...(category === 'address' ? { address_line_2: record.address_line_2 } : {}),
    city: record.city,
    state: record.state,
    state_desc: stateDescription(record.country, record.state),
    zip: record.zip,
    country: record.country,
    country_desc: countryName(record.country) ?? record.country,
  };
}

/** Answer-key prefix of the question group a category fills by default. */
const ANSWER_PREFIX: Readonly<Record<Category, string>> = { hs_ceeb: 'hs_', college_ceeb: 'college_', address: '' };

/**
 * The response to `?id=&category=`: the record's fields (`id`, `name`, `address_line_1`, `city`,
 * `state`, `state_desc`, …), which the web app maps through the question's `fills` (form/
 * pages: `{id: 'hs_ceeb', city: 'hs_city', …}`; the label from `name`, or `address_line_1`
 * for addresses), plus the same values under the answer keys of the category's default group
 * (`hs_ceeb`, `hs_name`, `hs_city`, … / `college_…` / the permanent address), so a client
 * that merges answer keys directly fills the same fields.
 */
export function toAnswerFields(record: LookupRecord, category: Category): AnswerFields {
  const fields = recordFields(record, category);
  const prefix = ANSWER_PREFIX[category];
  const answers: AnswerFields = {};
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'id') {
      if (category !== 'address') answers[category] = value;
    } else {
      answers[`${prefix}${field}`] = value;
    }
  }
  return { ...answers, ...fields };
}
