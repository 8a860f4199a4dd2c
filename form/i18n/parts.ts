/**
 * Where each message is compiled to, by its id's first segment (issue 41 item 6: the first load
 * carries only what it needs). Translators still see one catalog per language; `npm run i18n --
 * compile` splits it:
 * - `form`   (ids `form.…`): the application's questions, options, hints and rules' messages;
 *            compiled/form/<code>.ts, loaded by the form pages (web/src/lib/i18n.tsx `loadPart`).
 * - `server` (ids `server.…`, `mail.…`, `pdf.…`): what the Lambdas say (server messages, e-mails,
 *            the PDF); compiled/server/<code>.ts, never shipped to the browser.
 * - `app`    (every other id): the shell and the pages; compiled/<code>.ts, before React mounts.
 */
export const CATALOG_PARTS = ['app', 'form', 'server'] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

const PREFIXES: Record<Exclude<CatalogPart, 'app'>, readonly string[]> = {
  form: ['form.'],
  server: ['server.', 'mail.', 'pdf.'],
};

export function partOf(id: string): CatalogPart {
  for (const [part, prefixes] of Object.entries(PREFIXES)) if (prefixes.some((p) => id.startsWith(p))) return part as CatalogPart;
  return 'app';
}

/** The compiled module of a part, relative to form/i18n/compiled/. */
export const compiledPath = (part: CatalogPart, code: string): string => (part === 'app' ? `${code}.ts` : `${part}/${code}.ts`);
