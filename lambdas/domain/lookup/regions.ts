/**
 * Codes and labels for state and country answers, taken from the form's own option lists so a
 * filled `hs_state_desc` or `country_desc` is exactly what choosing from the dropdown stores.
 * Countries are ISO 3166-1 alpha-3 (USA, CAN); states are postal codes where the form has a list.
 */
import { englishCountryName } from '#form/choice-labels';
import { statesByCountry } from '#form/options';
import type { AnswerOption } from '#form/types';

const stateMaps = new Map<string, ReadonlyMap<string, string>>(
  Object.entries(statesByCountry).map(([country, options]) => [country, new Map(options.map((o: AnswerOption) => [o.value, o.label]))]),
);

/** Countries whose state answer is a code from a fixed list; elsewhere it is free text. */
export function stateListFor(country: string): ReadonlyMap<string, string> | undefined {
  return stateMaps.get(country);
}

export function stateDescription(country: string, state: string): string {
  return stateListFor(country)?.get(state) ?? state;
}

/** Undefined when the form's country list has no such code: the importer rejects those rows. */
export function countryName(code: string): string | undefined {
  return englishCountryName(code);
}

/** Reverse lookup for providers that answer with names (Amazon Location: "Pennsylvania"). */
export function stateCodeFromName(country: string, name: string): string | undefined {
  const list = stateListFor(country);
  if (!list) return undefined;
  const wanted = name.trim().toLowerCase();
  for (const [code, label] of list) if (label.toLowerCase() === wanted || code.toLowerCase() === wanted) return code;
  return undefined;
}
