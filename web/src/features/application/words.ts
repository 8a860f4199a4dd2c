/**
 * The form model's words in the active language (issue 41). The model speaks English (the spec's
 * words, the server's and the office's); a text finds its translation by the id derived from its
 * English words, a text with a value by its template (form/i18n/form-words.ts), and a text of no
 * id (the institution's majors and entry terms) as its configuration gives it in the language (form/institution-text.ts).
 * Countries by the catalog's names in every language (the model carries their codes), months by Intl
 * in the active language; English keeps the model's order of countries.
 */
import { i18n } from '@lingui/core';
import { useCallback } from 'react';
import { compiledTextKey, formTextId, matchTemplate, WORDED_ARGUMENTS } from '#form/i18n/form-words';
import { DEFAULT_LANGUAGE, htmlLangOf, PSEUDO_LOCALE, type CatalogCode } from '#form/i18n/languages';
import { alpha2Of } from '#form/options/country-alpha2';
import { activeLanguage, institutionText, translate, useLanguage } from '#web/lib/i18n';
import type { AnswerOption } from './model';

/**
 * The catalog's message for `id`, or undefined where it has none. Asked first: Lingui answers a
 * missing id with the id and a console warning, and most words of no id are expected (the
 * institution's majors, a country in English).
 */
function message(id: string, values?: Record<string, unknown>): string | undefined {
  return Object.hasOwn(i18n.messages, id) ? translate(id, values) : undefined;
}

/**
 * A word of the model (a label, hint, option, message) in the active language, else as given; a
 * word of no id (the institution's majors and entry terms) as its configuration gives it in the language.
 */
export function formWord(text: string): string {
  if (!text) return text;
  const exact = message(compiledTextKey(formTextId(text)));
  if (exact !== undefined) return exact;
  const template = matchTemplate(text);
  if (!template) return institutionText(text);
  const values = Object.fromEntries(Object.entries(template.values).map(([k, v]) => [k, WORDED_ARGUMENTS.has(k) ? formWord(v) : v]));
  return message(template.id, values) ?? text;
}

/** `w(text)`: formWord, and the component renders again when the language changes. */
export function useFormWords(): (text: string) => string {
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised children follow it
  return useCallback((text: string) => formWord(text), [language]);
}

/** Whether the model's own English words and order are kept (English and the pseudo-locale). */
const modelNames = (code: CatalogCode) => code === DEFAULT_LANGUAGE || code === PSEUDO_LOCALE;

/**
 * A country's name in the active language: the catalog's (form.country.<ISO alpha-2>, written once
 * from Intl.DisplayNames and kept), not Intl's at run time, whose names change with the browser's
 * ICU data ("Palestina" in Node 20, "Territorios Palestinos" in Chromium): a prerendered page
 * named otherwise than its browser would not hydrate, and one applicant would see two names.
 */
function countryName(value: string): string | undefined {
  const alpha2 = alpha2Of(value);
  return alpha2 ? message(`form.country.${alpha2}`) : undefined;
}

/**
 * Whether an option is named as a country. In English and the pseudo-locale only the model's
 * country options, labelled by their code (form/options/index.ts), so that an institution's option
 * whose code is also a country's (a major 'CHE') keeps its own label there, as it always did.
 */
const namedAsCountry = (o: AnswerOption, code: CatalogCode) => !modelNames(code) || o.label === o.value;

/**
 * A choice's options as shown: each label in the active language (a country by the catalog's name
 * for it, English's too), a country list in the language's alphabetical order with its first entry
 * (the United States) kept first. The stored value does not change.
 */
export function shownOptions(options: readonly AnswerOption[], code: CatalogCode = activeLanguage()): AnswerOption[] {
  const shown = options.map((o) => ({ value: o.value, label: (namedAsCountry(o, code) && countryName(o.value)) || formWord(o.label) }));
  if (modelNames(code) || options.length < 20 || !options.every((o) => alpha2Of(o.value))) return shown;
  const collator = new Intl.Collator(htmlLangOf(code));
  const [first, ...rest] = shown;
  return first?.value === 'USA'
    ? [first, ...rest.sort((a, b) => collator.compare(a.label, b.label))]
    : shown.sort((a, b) => collator.compare(a.label, b.label));
}

/** The twelve months' names in the active language (stored as 1..12, their English name as `_desc`). */
export function monthNames(code: CatalogCode = activeLanguage()): string[] {
  const format = new Intl.DateTimeFormat(htmlLangOf(code === PSEUDO_LOCALE ? DEFAULT_LANGUAGE : code), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 15)));
}
