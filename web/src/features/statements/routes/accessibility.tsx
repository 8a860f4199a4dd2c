import { institution } from '#form/institution';
import { statements } from '#form/institution-statements';
import { calendarDayInWords } from '../words';

/** The accessibility statement: the standard, how it is tested, the known exceptions and where to report a problem. */
export function AccessibilityStatement() {
  const { contact, exceptions, reviewed } = statements.accessibility;
  return (
    <article className="statement" aria-labelledby="statement-title">
      <h1 id="statement-title">Accessibility statement</h1>
      <p>
        {institution.name} wants everyone who applies to be able to use this site: to read every page, move through it with a keyboard alone or with a screen
        reader, enlarge its text, and understand what each question asks and each message says. This statement covers the {institution.applicationTitle} site,
        its status page and the pages recommenders open.
      </p>
      <h2>The standard we meet</h2>
      <p>This site is designed to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, the standard most accessibility laws name.</p>
      <h2>How it is tested</h2>
      <ul>
        <li>
          Every page and every state of it (errors, dialogs, menus) is checked with axe, an automated checker, on a phone-sized and a desktop screen, each time
          the site changes: none may have a failure.
        </li>
        <li>Each path through the site, from creating an account to reading a decision, is completed with the keyboard alone in a real browser.</li>
        <li>The colours the site uses for text are checked against their backgrounds (at least 4.5 to 1) before the site can start.</li>
        <li>Pages keep working when the text is enlarged to 200% and on screens 320 pixels wide.</li>
      </ul>
      <h2>Known exceptions</h2>
      {exceptions.length > 0 ? (
        <ul>
          {exceptions.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : (
        <p>We know of no part of the site that does not meet the standard.</p>
      )}
      <h2>Report a problem</h2>
      <p>
        If something on this site is hard or impossible for you to use, or you need the application in another format, e-mail{' '}
        <a href={`mailto:${contact}`}>{contact}</a> or call <a href={`tel:${institution.phone.replace(/[^0-9+]/g, '')}`}>{institution.phone}</a>. Tell us the
        page and what happened; we will help you apply in the meantime.
      </p>
      <p className="statement__date">This statement was last reviewed on {calendarDayInWords(reviewed)}.</p>
    </article>
  );
}

export const Component = AccessibilityStatement;
