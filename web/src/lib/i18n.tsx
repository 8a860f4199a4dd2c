/**
 * The app's words (issue 41): Lingui's runtime over the compiled catalogs of form/i18n, one
 * dynamic import per language, so the first load carries only the active language's catalog.
 * Messages are named by explicit ids (no macros: Vite's React plugin compiles without Babel).
 * The binding to React is the few lines below rather than @lingui/react, whose hooks throw
 * outside its provider (every component test would need one) and which adds bytes to the entry.
 */
import { i18n, type Messages } from '@lingui/core';
import { Fragment, cloneElement, isValidElement, useCallback, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  htmlLangOf,
  isCatalogCode,
  isLanguage,
  LANGUAGES,
  pickLanguage,
  PSEUDO_LOCALE,
  type CatalogCode,
} from '#form/i18n/languages';
import { localizedIn, shownIn, type ShownText, type TextTable } from '#form/institution-text';
import { LANGUAGE_COOKIE } from '#form/prerendered';
import { call } from './api-client';
import { hasSessionCookie } from './cookies';

type Values = Record<string, unknown>;

const CATALOGS: Record<CatalogCode, () => Promise<{ messages: Messages }>> = {
  en: () => import('#form/i18n/compiled/en'),
  es: () => import('#form/i18n/compiled/es'),
  ar: () => import('#form/i18n/compiled/ar'),
  pseudo: () => import('#form/i18n/compiled/pseudo'),
};

/**
 * Parts of a catalog loaded only by the pages that need them (form/i18n/parts.ts): the form's
 * questions (the form routes), the status pages' words and the recommendations' (their routes'
 * loaders, the recommendations section's chunk).
 */
export type LazyPart = 'form' | 'status' | 'recommend';
const PART_CATALOGS: Record<LazyPart, Record<CatalogCode, () => Promise<{ messages: Messages }>>> = {
  form: {
    en: () => import('#form/i18n/compiled/form/en'),
    es: () => import('#form/i18n/compiled/form/es'),
    ar: () => import('#form/i18n/compiled/form/ar'),
    pseudo: () => import('#form/i18n/compiled/form/pseudo'),
  },
  status: {
    en: () => import('#form/i18n/compiled/status/en'),
    es: () => import('#form/i18n/compiled/status/es'),
    ar: () => import('#form/i18n/compiled/status/ar'),
    pseudo: () => import('#form/i18n/compiled/status/pseudo'),
  },
  recommend: {
    en: () => import('#form/i18n/compiled/recommend/en'),
    es: () => import('#form/i18n/compiled/recommend/es'),
    ar: () => import('#form/i18n/compiled/recommend/ar'),
    pseudo: () => import('#form/i18n/compiled/recommend/pseudo'),
  },
};
const loadedParts = new Set<LazyPart>();

/**
 * The institution's texts in the language (its configuration's other values, keyed by its own
 * words: form/institution-text.ts), a chunk per language loaded with the catalog; English, the
 * institution's language, and the pseudo-locale have none.
 */
type InstitutionTexts = TextTable | ((words: string) => string);
const NO_TEXTS = () => Promise.resolve({ texts: {} });
const INSTITUTION_TEXTS: Record<CatalogCode, () => Promise<{ texts: InstitutionTexts }>> = {
  en: NO_TEXTS,
  es: () => import('#form/i18n/institution/es'),
  ar: () => import('#form/i18n/institution/ar'),
  // Made strange as the catalog is, so that the institution's words never pass for untranslated text.
  pseudo: () => import('#form/i18n/pseudo-text').then(({ pseudoText }) => ({ texts: pseudoText })),
};
let institutionTable: InstitutionTexts = {};

/** Where the browser remembers the choice; a signed-in applicant's is also saved on the account (chooseLanguage). */
const STORAGE_KEY = 'language';
/**
 * The pseudo-locale only in development: Vite's dev server, and the build `npm start` and the
 * browser tests make (VITE_PSEUDO_LOCALE=on); never in the build that is deployed.
 */
const pseudoAllowed = () => import.meta.env.DEV || import.meta.env.VITE_PSEUDO_LOCALE === 'on';

/** The switcher's choices: the languages, and the pseudo-locale in development. */
export const languageChoices = (): { code: CatalogCode; name: string }[] => [
  ...LANGUAGES,
  ...(pseudoAllowed() ? [{ code: PSEUDO_LOCALE as CatalogCode, name: 'Pseudo' }] : []),
];

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The choice as the site's HTML is chosen by (form/prerendered.ts): a year, every path. */
function rememberInCookie(code: CatalogCode): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * The choice the prerendered page was chosen by (the language cookie), else the remembered
 * choice, else the browser's languages (its Accept-Language), else English.
 */
export function initialLanguage(): CatalogCode {
  const cookie = typeof document === 'undefined' ? '' : document.cookie;
  const fromCookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;\\s]*)`).exec(cookie)?.[1];
  if (isLanguage(fromCookie)) return fromCookie;
  const choice = stored();
  if (isCatalogCode(choice) && (choice !== PSEUDO_LOCALE || pseudoAllowed())) return choice;
  return pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** `lang` and `dir` of the document follow the active language (logical CSS properties do the rest). */
function setDocumentLanguage(code: CatalogCode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = htmlLangOf(code);
  document.documentElement.dir = directionOf(code);
}

/** Makes `code` active with its messages (and the institution's texts in it) already at hand (the prerenderer, tests). */
export function activateLoaded(code: CatalogCode, messages: Messages, institutionTexts: InstitutionTexts = {}): void {
  // Before the change is told: the components it renders again read the new texts.
  institutionTable = institutionTexts;
  // Plural rules and Intl formats of the pseudo-locale are English's.
  i18n.loadAndActivate({ locale: code, locales: code === PSEUDO_LOCALE ? ['en'] : [code], messages });
  setDocumentLanguage(code);
}

/** The newest language being loaded, while it loads: a part asked for meanwhile comes with it. */
let activation: Promise<void> | undefined;
let activations = 0;

/**
 * Loads `code`'s compiled catalog (its own chunk), and the parts pages have asked for, and makes
 * it active. The first page's route loader asks for its part while the start-up language still
 * loads (main.tsx starts both at once): the parts are counted again once the chunks are in, and
 * a part asked for meanwhile is fetched before the language becomes active, never left behind.
 * Of two choices made quickly, the later wins.
 */
export function activateLanguage(code: CatalogCode): Promise<void> {
  const ticket = ++activations;
  const run = (async () => {
    try {
      for (;;) {
        const parts = [...loadedParts];
        const [{ texts }, ...chunks] = await Promise.all([INSTITUTION_TEXTS[code](), CATALOGS[code](), ...parts.map((part) => PART_CATALOGS[part][code]())]);
        if (parts.length !== loadedParts.size) continue;
        if (ticket === activations) activateLoaded(code, Object.assign({}, ...chunks.map((c) => c.messages)) as Messages, texts);
        return;
      }
    } finally {
      // In the same turn as the activation: a part asked for after it finds none and loads itself.
      if (ticket === activations) activation = undefined;
    }
  })();
  activation = run;
  return run;
}

/** Loads parts of the active language's catalog (a route's loader awaits it); later language changes bring them along. */
export async function loadPart(...parts: LazyPart[]): Promise<void> {
  for (const part of parts) loadedParts.add(part);
  if (activation) return activation;
  const code = activeLanguage();
  const chunks = await Promise.all(parts.map((part) => PART_CATALOGS[part][code]()));
  // Load merges into the locale's messages and tells subscribers (useT) to render again.
  for (const { messages } of chunks) i18n.load(code, messages);
}

function remember(code: CatalogCode): void {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Storage refused (private mode): the cookie still holds it.
  }
  rememberInCookie(code);
}

/**
 * The applicant's choice: remembered in this browser, shown, and, signed in, saved on the account
 * (PUT /api/language), so that their e-mails are written in it and another device follows it. The
 * pseudo-locale is a developer's, never saved. A failed save leaves the page's language as chosen:
 * the next choice or sign-in saves again.
 */
export async function chooseLanguage(code: CatalogCode): Promise<void> {
  remember(code);
  await activateLanguage(code);
  if (isLanguage(code) && hasSessionCookie()) void call('saveLanguage', { body: { language: code } }).catch(() => undefined);
}

/**
 * At sign-in (the profile read): the language saved on the account, chosen on another device,
 * becomes this browser's; an account without one is given the language this page shows.
 */
export async function followAccountLanguage(saved: string | null | undefined): Promise<void> {
  const shown = activeLanguage();
  if (isLanguage(saved)) {
    if (saved === shown) return;
    remember(saved);
    await activateLanguage(saved);
  } else if (isLanguage(shown) && hasSessionCookie()) {
    await call('saveLanguage', { body: { language: shown } }).catch(() => undefined);
  }
}

export const activeLanguage = (): CatalogCode => (isCatalogCode(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/** Translates outside React (a message built in an event handler, the document's title). */
export const translate = (id: string, values?: Values): string => i18n._(id, values);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/**
 * The institution's words (its configuration's, or the office's from Settings) in the active
 * language where its configuration gives them in it, else as they are (form/institution-text.ts).
 */
export const institutionText = (words: string): string =>
  typeof institutionTable === 'function' ? institutionTable(words) : localizedIn(institutionTable, words);

/** institutionText, and the language its words are in when they stay the institution's on a page in another (form/institution-text.ts `shownIn`). */
export const institutionShown = (words: string): ShownText =>
  typeof institutionTable === 'function' ? { text: institutionTable(words) } : shownIn(institutionTable, words, activeLanguage());

/** `it(words)`: institutionText, and the component renders again when the language changes. */
export function useInstitutionText(): (words: string) => string {
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised children follow it
  return useCallback((words: string) => institutionText(words), [language]);
}

/** The active language; the component renders again when it changes. */
export function useLanguage(): CatalogCode {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
}

/** `t(id, values)`: the active language's message; the component renders again when the language changes. */
export function useT(): (id: string, values?: Values) => string {
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised children follow it
  return useCallback((id: string, values?: Values) => i18n._(id, values), [language]);
}

/**
 * A message whose words wrap elements: `<0>Sign in</0>` in the catalog becomes
 * components[0] with the translated words inside, wherever the language puts it.
 */
export function T({
  id,
  values,
  components = [],
  words = (text) => text,
}: {
  id: string;
  values?: Values;
  components?: readonly ReactElement[];
  /** How the message's words are rendered, outside and inside its elements (the institution's names marked: lib/institution-words.tsx). */
  words?: (text: string) => ReactNode;
}) {
  const t = useT();
  const parts = t(id, values).split(/<(\d+)>(.*?)<\/\1>/s);
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) nodes.push(<Fragment key={`w${i}`}>{words(parts[i]!)}</Fragment>);
    const element = components[Number(parts[i + 1])];
    if (parts[i + 1] !== undefined && isValidElement(element)) nodes.push(cloneElement(element, { key: i }, words(parts[i + 2] ?? '')));
  }
  return <Fragment>{nodes}</Fragment>;
}
