/**
 * How the form model's words are named in the catalogs (issue 41). The model (form/pages, choices,
 * validation/messages) stays in English, the spec's words and the source of truth: the server
 * validates with it and the office reads it. A word of the model is found in a catalog by an id
 * derived from its English text (`formTextId`), so the web can look up whatever the model hands
 * it without the model naming ids; form/i18n/form-words.test.ts holds the English catalog to the
 * model. Words that carry a value (a length, a term's label, the institution's name) are
 * templates, matched by their English shape. A text of no id (the institution's majors, terms,
 * rounds, which its configuration words) is shown as given.
 */

/** Ids of the form's words: `form.t.<slug>` for a model text, `form.m.<name>` for a template. */
const TEXT_PREFIX = 'form.t.';
const MAX_SLUG = 48;

/** FNV-1a, base 36: a short stable tail that keeps two long texts with one beginning apart. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/** The catalog id of a model text: its words in lower case (`First Name` → `form.t.first_name`), a hash when cut. */
export function formTextId(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  if (slug.length <= MAX_SLUG) return `${TEXT_PREFIX}${slug}`;
  const cut = slug.slice(0, MAX_SLUG).replace(/_[^_]*$/, '');
  return `${TEXT_PREFIX}${cut}_${hash(text)}`;
}

/**
 * A model text's key in the compiled catalogs (form/i18n/compiled/, `npm run i18n -- compile`):
 * its id's hash (`form.t.first_name` → `t.1x2y3z`), since the slugs were a third of the form
 * part's bytes the form pages download; the catalogs keep the readable ids for translators.
 */
export const compiledTextKey = (id: string): string => (id.startsWith(TEXT_PREFIX) ? `t.${hash(id)}` : id);

/**
 * The model's words that carry a value, in the English catalog's ICU (simple `{name}` arguments
 * only): the web reads the value out of the English text by this shape and words it in the
 * active language. The unit test formats each against the model's function.
 */
export const FORM_TEMPLATES = {
  'form.m.maxLength': 'must be at most {max} characters',
  'form.m.choiceNotOffered': '{label} is not one of the choices. Please choose another.',
  'form.m.yearNotOffered': '{year} is not one of the years offered. Please choose another year.',
  'form.m.termClosed': '{label} is no longer open. Please choose another term.',
  'form.m.roundClosed': '{label} has closed. Please choose one of the rounds still open.',
  'form.m.mailingMinYear': 'The minimum supported year is {year}',
  'form.m.mailingMaxYear': 'The maximum supported year is {year}',
  'form.m.fileNameTooLong': 'The name of your file is too long. File name can have a maximum of {max} characters, including the extension.',
  'form.m.transcriptCounselorNote': 'Please ask your school counselor to send your transcript to {institution}.',
  'form.m.bindingAgree':
    'I am applying in a binding round. If {institution} admits me, I will enroll, and I will withdraw the applications I have made to other colleges and universities.',
  'form.m.noLongerAvailable': '{label} (no longer available)',
} as const;
export type FormTemplateId = keyof typeof FORM_TEMPLATES;

/** Arguments whose value is itself words of the model (translated in turn); the others (numbers, names) stay. */
export const WORDED_ARGUMENTS: ReadonlySet<string> = new Set(['label']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern over English text, its arguments' names in order. */
const PATTERNS = Object.entries(FORM_TEMPLATES).map(([id, message]) => {
  const names: string[] = [];
  const source = message
    .split(/(\{\w+\})/)
    .map((part) => {
      const arg = /^\{(\w+)\}$/.exec(part);
      if (!arg) return escape(part);
      names.push(arg[1]!);
      return '(.+?)';
    })
    .join('');
  return { id: id as FormTemplateId, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** The template an English text was made from, with its values ('The minimum supported year is 1900' → year 1900). */
export function matchTemplate(text: string): { id: FormTemplateId; values: Record<string, string> } | undefined {
  for (const { id, names, pattern } of PATTERNS) {
    const m = pattern.exec(text);
    if (m) return { id, values: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) };
  }
  return undefined;
}
