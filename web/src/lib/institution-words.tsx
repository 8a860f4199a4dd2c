/**
 * The institution's own words on a page (issue 41): in the page's language where its configuration
 * gives them in it, else in the institution's words, then marked with their `lang` so that a screen
 * reader pronounces them as written (form/institution-text.ts `shownIn`). Its name and the
 * application's title also stand inside the catalog's sentences ("Recibimos su {application} para
 * {institution}"): `<Sentence>` marks them there.
 */
import { Fragment } from 'react';
import { institution } from '#form/institution';
import { sentenceParts, type ShownText } from '#form/institution-text';
import { institutionShown, useLanguage } from './i18n';

/** The institution's name and application title as this page shows them. */
export const institutionNames = (): { name: string; title: string; shown: ShownText[] } => {
  const name = institutionShown(institution.name);
  const title = institutionShown(institution.applicationTitle);
  return { name: name.text, title: title.text, shown: [name, title] };
};

/** A text of the institution's configuration (or the office's), marked when it stays in the institution's language. */
export function Own({ words }: { words: string }) {
  useLanguage();
  const { text, lang } = institutionShown(words);
  return lang ? <span lang={lang}>{text}</span> : <>{text}</>;
}

/** A sentence of the page's language in which the institution's name or title (or `also`: its address) may stand untranslated: those marked. */
export function Sentence({ text, also = [] }: { text: string; also?: readonly ShownText[] }) {
  useLanguage();
  return (
    <>
      {sentenceParts(text, [...institutionNames().shown, ...also]).map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <span key={i} lang={part.lang}>
            {part.text}
          </span>
        ),
      )}
    </>
  );
}
