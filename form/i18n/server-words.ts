/**
 * The Lambdas' words in the applicant's language (issue 41, item 3): the server part of the
 * catalogs (form/i18n/parts.ts: ids `server.…`, `mail.…`, `pdf.…`), with Lingui's runtime, one
 * instance per language. In form/ so that the e-mails composed here (institution-mail.ts) and the
 * Lambdas' middleware share it; server code only (the browser never loads the server part).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { institutionWordsIn } from '../institution-server-texts';
import type { Wording } from '../timetable';
import { messages as ar } from './compiled/server/ar';
import { messages as en } from './compiled/server/en';
import { messages as es } from './compiled/server/es';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type LanguageCode } from './languages';

const CATALOGS: Record<LanguageCode, Messages> = { en, es, ar };
const instances = new Map<LanguageCode, I18n>();

function i18nOf(language: LanguageCode): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } });
    instances.set(language, i18n);
  }
  return i18n;
}

/** One server message in `language` (English when the id is unknown: the id itself never reaches a person). */
export function serverText(language: LanguageCode, id: string, values?: Record<string, unknown>): string {
  return i18nOf(language)._(id, values);
}

/**
 * The server's way of saying the timetable's sentences (form/timetable.ts Wording): the catalog's
 * `server.<id>` in `language`, dates through Intl in it, the institution's labels (rounds, cycles)
 * as the file gives them in it (its small server table, form/institution-server-texts.ts).
 */
export const serverWording = (language: LanguageCode): Wording => ({
  say: (id, values) => serverText(language, `server.${id}`, values),
  language,
  label: (words) => institutionWordsIn(language, words),
});

/** A stored or sent language code, else the default language (an account that never chose one). */
export const languageOr = (code: unknown): LanguageCode => (isLanguage(code) ? code : DEFAULT_LANGUAGE);

/**
 * The language of an `Accept-Language` header ("es-MX,es;q=0.9,en;q=0.5"): its tags by quality,
 * the first we have (pickLanguage), else English. The web app sends the language it shows.
 */
export function languageOfHeader(header: string | undefined): LanguageCode {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return pickLanguage(tags.map((t) => t.tag));
}

type Part = string | readonly unknown[];
interface Matcher {
  id: string;
  pattern: RegExp;
  names: string[];
}

let exact: Map<string, string> | undefined;
let templated: Matcher[] = [];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The server's messages are written in English where they are thrown (the English catalog holds
 * the same words, so the spec's wording is the catalog's); the words of a reply are found in the
 * English catalog by their text, a placeholder matching any text, and said again in the language.
 */
function buildMatchers(): Map<string, string> {
  const map = new Map<string, string>();
  const list: Matcher[] = [];
  for (const [id, message] of Object.entries(en)) {
    if (!id.startsWith('server.')) continue;
    if (typeof message === 'string') {
      map.set(message, id);
      continue;
    }
    const parts = message as readonly Part[];
    const names: string[] = [];
    let source = '';
    let usable = true;
    for (const part of parts) {
      if (typeof part === 'string') source += escape(part);
      else if (part.length === 1 && typeof part[0] === 'string') {
        names.push(part[0]);
        source += '([\\s\\S]+?)';
      } else usable = false; // a plural or select: not a message the server throws
    }
    if (!usable) continue;
    if (names.length === 0) map.set(parts.join(''), id);
    else list.push({ id, pattern: new RegExp(`^${source}$`), names });
  }
  templated = list;
  return map;
}

/**
 * The message `english` in `language`: itself when English or when the catalog does not know it.
 * The values its placeholders matched are carried over, the institution's words among them in the
 * language (form/institution-server-texts.ts).
 */
export function translateServerMessage(language: LanguageCode, english: string): string {
  if (language === DEFAULT_LANGUAGE) return english;
  exact ??= buildMatchers();
  const id = exact.get(english);
  if (id) return serverText(language, id);
  for (const m of templated) {
    const found = m.pattern.exec(english);
    // A value the message carries that is one of the institution's words (its name, a round's label) is said as its file gives it in the language.
    if (found) return serverText(language, m.id, Object.fromEntries(m.names.map((name, i) => [name, institutionWordsIn(language, found[i + 1]!)])));
  }
  return english;
}
