/**
 * The pages' way of saying the timetable's sentences (form/timetable.ts Wording), for tests outside
 * the browser: the compiled catalogs of a language (the app part and the form part, as a form page
 * has them), its dates through Intl, and the institution's labels from a table given here.
 */
import { setupI18n, type Messages } from '@lingui/core';
import type { TextTable } from '../institution-text';
import { localizedIn } from '../institution-text';
import type { Wording } from '../timetable';
import { messages as ar } from './compiled/ar';
import { messages as en } from './compiled/en';
import { messages as es } from './compiled/es';
import { messages as formAr } from './compiled/form/ar';
import { messages as formEn } from './compiled/form/en';
import { messages as formEs } from './compiled/form/es';
import type { LanguageCode } from './languages';

const CATALOGS: Record<LanguageCode, Messages> = { en: { ...en, ...formEn }, es: { ...es, ...formEs }, ar: { ...ar, ...formAr } };

export function pageWording(language: LanguageCode, labels: TextTable = {}): Wording {
  const i18n = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } });
  return { say: (id, values) => i18n._(id, values), language, label: (words) => localizedIn(labels, words) };
}
