/**
 * What pdf-lib stamps on the application PDF after Chromium printed it (issue 41): "Page n of N"
 * on every page and each attachment's caption, in the copy's language. The words are the server
 * part's `pdf.…` (numbers through Intl in the language, as the locale writes its digits); a document's
 * label is the form model's English print label, said in the language by the form part's
 * translation of it (form/i18n/form-words.ts), else as given. The office's copy is the
 * institution's language: the English catalog holds the words it always printed.
 * Server code only (the render Lambda): the form parts are imported here, not by server-words.ts,
 * so no other Lambda carries them.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as arForm } from './compiled/form/ar';
import { messages as esForm } from './compiled/form/es';
import { compiledTextKey, formTextId } from './form-words';
import { directionOf, type LanguageCode } from './languages';
import { serverText } from './server-words';

/** English's form part holds only the web's own ids: a model text's English is the text itself. */
const FORM_PARTS: Partial<Record<LanguageCode, Messages>> = { es: esForm, ar: arForm };
const formI18n = new Map<LanguageCode, I18n>();

/** A print label of the model in `language`, else as given (English, or a label the catalog does not know). */
export function formLabelIn(language: LanguageCode, label: string): string {
  const messages = FORM_PARTS[language];
  const key = compiledTextKey(formTextId(label));
  if (!messages || !Object.hasOwn(messages, key)) return label;
  let i18n = formI18n.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    formI18n.set(language, i18n);
  }
  return i18n._(key);
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

export function stampWording(language: LanguageCode): StampWording {
  // Page numbers as the locale writes its digits, ungrouped ("Page 3 of 1234", as always printed).
  const numbers = new Intl.NumberFormat(language, { useGrouping: false });
  const number = (n: number) => numbers.format(n);
  return {
    language,
    direction: directionOf(language),
    pageLabel: (n, total) => serverText(language, 'pdf.pageOf', { n: number(n), total: number(total) }),
    caption: (doc, index, count) => {
      const label = formLabelIn(language, doc.label);
      const id = `pdf.caption.${doc.fileName ? 'file' : 'label'}${count > 1 ? 'Page' : ''}`;
      return serverText(language, id, { label, file: doc.fileName, n: number(index + 1), count: number(count) });
    },
  };
}
