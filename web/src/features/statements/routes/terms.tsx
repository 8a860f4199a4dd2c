import { institution } from '#form/institution';
import { statements } from '#form/institution-statements';
import { calendarDayInWords, paragraphs } from '../words';

/** The institution's terms of use, as its configuration words them. */
export function TermsOfUse() {
  const { text, updated } = statements.terms;
  return (
    <article className="statement" aria-labelledby="statement-title">
      <h1 id="statement-title">Terms of use</h1>
      <p>
        These terms apply to the {institution.applicationTitle} site of {institution.name}.
      </p>
      {paragraphs(text).map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p className="statement__date">These terms last changed on {calendarDayInWords(updated)}.</p>
    </article>
  );
}

export const Component = TermsOfUse;
