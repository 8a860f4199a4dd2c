/**
 * What pdf-lib stamps on the application PDF after Chromium printed it (issue 41): "Page n of N"
 * on every page and each attachment's caption, in the copy's language. The words are the server
 * part's `pdf.…` (numbers through Intl in the language, as the locale writes its digits); a document's
 * label is the form model's English print label, said in the language by the form part's
 * translation of it (form/i18n/form-words.ts), else as given. The office's copy is the
 * institution's language: the English catalog holds the words it always printed.
 * Server code only (the render Lambda): the form parts are imported here, not by server-words.ts,
 * so no other Lambda carries them, and only when a copy in their language is stamped (about
 * 50 kB minified each, for a few labels: not at every cold start of the renderer).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compiledTextKey, formTextId } from './form-words';
import { directionOf, type LanguageCode } from './languages';
import { serverText } from './server-words';

/** English's form part holds only the web's own ids: a model text's English is the text itself. */
const FORM_PARTS: Partial<Record<LanguageCode, () => Promise<{ messages: Messages }>>> = {
  es: () => import('./compiled/form/es'),
  ar: () => import('./compiled/form/ar'),
};

/** The model's print labels in `language`: each as the form part says it, else as given (English, or a label the catalog does not know). */
export async function formLabelsIn(language: LanguageCode): Promise<(label: string) => string> {
  const messages = (await FORM_PARTS[language]?.())?.messages;
  if (!messages) return (label) => label;
  const i18n: I18n = setupI18n({ locale: language, messages: { [language]: messages } });
  return (label) => {
    const key = compiledTextKey(formTextId(label));
    return Object.hasOwn(messages, key) ? i18n._(key) : label;
  };
}

/** A converted document under its caption: the question it answers (the model's English print label) and its file. */
export interface CaptionedDocument {
  label: string;
  fileName?: string;
}

export interface StampWording {
  language: LanguageCode;
  /** The base direction of a stamped line (the copy's writing direction). */
  direction: 'ltr' | 'rtl';
  /** "Page 2 of 7". */
  pageLabel: (n: number, total: number) => string;
  /** "Attachment: High school transcript (transcript.pdf)", and on a document's later pages "…, page 2 of 3". */
  caption: (doc: CaptionedDocument, index: number, count: number) => string;
}

export async function stampWording(language: LanguageCode): Promise<StampWording> {
  const labelIn = await formLabelsIn(language);
  // Page numbers as the locale writes its digits, ungrouped ("Page 3 of 1234", as always printed).
  const numbers = new Intl.NumberFormat(language, { useGrouping: false });
  const number = (n: number) => numbers.format(n);
  return {
    language,
    direction: directionOf(language),
    pageLabel: (n, total) => serverText(language, 'pdf.pageOf', { n: number(n), total: number(total) }),
    caption: (doc, index, count) => {
      const label = labelIn(doc.label);
      const id = `pdf.caption.${doc.fileName ? 'file' : 'label'}${count > 1 ? 'Page' : ''}`;
      return serverText(language, id, { label, file: doc.fileName, n: number(index + 1), count: number(count) });
    },
  };
}
