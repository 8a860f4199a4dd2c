import type { ApplicationDetail } from '../api/staff-api';

/** The answers as the PDF prints them: the server sends the printed rows (the one printer in form/). */
export function PrintedAnswers({ app }: { app: ApplicationDetail }) {
  return (
    <section aria-labelledby="staff-answers-title" className="staff-printed">
      <h2 id="staff-answers-title">Answers</h2>
      {app.pages.map((page, pi) => (
        <section key={page.title} aria-labelledby={`staff-page-${pi}`}>
          <h3 id={`staff-page-${pi}`}>
            {page.number}. {page.title}
          </h3>
          {page.sections.map((section, si) => (
            <section key={`${section.title}-${si}`} aria-labelledby={`staff-page-${pi}-${si}`}>
              <h4 id={`staff-page-${pi}-${si}`}>{section.title}</h4>
              <dl>
                {section.rows.map((row, ri) => (
                  <div key={`${row.key}-${ri}`} className="staff-row">
                    <dt>{row.label}</dt>
                    <dd>{row.value || <span className="staff-muted">Not answered</span>}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </section>
      ))}
    </section>
  );
}
