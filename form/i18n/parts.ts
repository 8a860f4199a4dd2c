/**
 * Where each message is compiled to, by its id's first segment (issue 41 item 6: the first load
 * carries only what it needs). Translators still see one catalog per language; `npm run i18n --
 * compile` splits it:
 * - `form`   (ids `form.…`, `window.…`): the application's questions, options, hints and rules'
 *            messages, and why a closed application cannot be changed (its pages say it);
 *            compiled/form/<code>.ts, loaded by the form pages (web/src/lib/i18n.tsx `loadPart`).
 *            English's holds only the ids the web names itself (`form.ui.…`, the countries'
 *            `form.country.…`): a model text's English is the text itself, which the web shows
 *            when the catalog has none.
 * - `status` (ids `status.…`): the status, messages and account-closing pages; compiled/status/.
 * - `recommend` (ids `recommend.…`): the recommendations section and the recommender's page;
 *            compiled/recommend/. Both by those routes' loaders, not at start.
 * - `server` (ids `server.…`, `mail.…`, `pdf.…`): what the Lambdas say (server messages, e-mails,
 *            the PDF); compiled/server/<code>.ts, never shipped to the browser.
 * - `app`    (every other id): the shell and the pages; compiled/<code>.ts, before React mounts.
 */
export const CATALOG_PARTS = ['app', 'form', 'status', 'recommend', 'server'] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

const PREFIXES: Record<Exclude<CatalogPart, 'app'>, readonly string[]> = {
  form: ['form.'],
  status: ['status.'],
  recommend: ['recommend.'],
  server: ['server.', 'mail.', 'pdf.'],
};

/**
 * Ids under a lazy part's prefix that pages without that part show, so in the app part: the next
 * application's notice (form pages), the privacy notice's "download" (any page's footer), the
 * recommendations section's loading label (shown while its part loads) and the waiver's words
 * (the staff console's application view).
 */
const IN_APP = ['status.nextApplication.', 'status.data.download', 'recommend.section.loading', 'recommend.ownWaiver.'];

/**
 * The server's words the web also says by itself, with no reply to carry them (a request that
 * never reached the server, a session found gone, the idle sign-out): one id each, compiled into
 * the server part and the app part alike.
 */
const ALSO_IN_APP = ['server.generic', 'server.sessionInvalid', 'server.idleLogout'];
/** The closed application's words (form/application-window.ts), which the server refuses writes with and the form pages say. */
const ALSO_IN_FORM = 'server.window.';

/** Every part an id is compiled into: its own, and the app or form part for the few the web also says. */
export const partsOf = (id: string): CatalogPart[] =>
  ALSO_IN_APP.includes(id) ? [partOf(id), 'app'] : id.startsWith(ALSO_IN_FORM) ? [partOf(id), 'form'] : [partOf(id)];

export function partOf(id: string): CatalogPart {
  if (IN_APP.some((p) => id.startsWith(p))) return 'app';
  for (const [part, prefixes] of Object.entries(PREFIXES)) if (prefixes.some((p) => id.startsWith(p))) return part as CatalogPart;
  return 'app';
}

/**
 * Form ids whose English the web must find in the catalog: the others are the model's own English
 * words (form/i18n/form-words.ts). A country's English name is not the model's (it carries codes:
 * form/options/index.ts), so English's form part names them as the other languages' do.
 */
export const inEnglishFormPart = (id: string): boolean => !/^form\.(t|m)\./.test(id);

/** The compiled module of a part, relative to form/i18n/compiled/. */
export const compiledPath = (part: CatalogPart, code: string): string => (part === 'app' ? `${code}.ts` : `${part}/${code}.ts`);
