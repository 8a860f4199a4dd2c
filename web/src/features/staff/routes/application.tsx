import '../api/endpoints';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { OFFICE_STATUS_LABELS } from '#form/wire/office-status';
import { allows } from '#form/wire/staff-access';
import { DownloadLink } from '#web/components/DownloadLink';
import { queryClient } from '#web/lib/query-client';
import { applicationQuery, sessionQuery, STAFF_LOGIN, staffRead } from '../api/queries';
import type { ApplicationDetail } from '../api/staff-api';
import { EraseApplication } from '../components/EraseApplication';
import { OfficeHistory } from '../components/OfficeHistory';
import { Recommendations } from '../components/Recommendations';
import { StaffTable } from '../components/StaffTable';
import { formatDateTime } from '../format';
import { useStaffCapabilities } from '../layout';
import { useStaffTitle } from '../title';

// The forms load beside the application, not before it: what was submitted shows at once.
const ReviewForm = lazy(() => import('../components/ReviewForm').then((m) => ({ default: m.ReviewForm })));
const ReviewsList = lazy(() => import('../components/ReviewsList').then((m) => ({ default: m.ReviewsList })));
const DecisionEntry = lazy(() => import('../components/DecisionEntry').then((m) => ({ default: m.DecisionEntry })));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  // The role decides what the page offers: known before the page shows, so nothing appears and goes.
  return staffRead(request, async () => {
    // Without the role (its read failed) the page still shows the application, and nothing role-bound.
    const [app] = await Promise.all([queryClient.fetchQuery(applicationQuery(id)), queryClient.fetchQuery(sessionQuery()).catch(() => undefined)]);
    return app;
  });
}

/** The conversion and render statuses in words. */
const STATUS_TEXT: Record<string, string> = {
  COMPLETED: 'Ready',
  IN_PROGRESS: 'Being prepared',
  PENDING: 'Being prepared',
  FAILED: 'Could not be prepared',
};
const statusText = (s: string) => STATUS_TEXT[s] ?? s.toLowerCase().replace(/_/g, ' ');

function Documents({ app, onCheckAgain, checking }: { app: ApplicationDetail; onCheckAgain: () => void; checking: boolean }) {
  const pending = !app.pdf.download_url && app.pdf.status !== 'FAILED';
  // When "Check again" brings the PDF, its button goes: the keyboard continues from the new link.
  const asked = useRef(false);
  const pdfLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (asked.current && !pending) {
      asked.current = false;
      pdfLink.current?.focus();
    }
  }, [pending]);
  return (
    <section aria-labelledby="staff-docs-title" className="panel">
      <h2 id="staff-docs-title">Application PDF and documents</h2>
      {/* The links are the download routes: each click is recorded and signs a new short-lived link, so they never expire on an open page. */}
      <p>
        {app.pdf.download_url ? (
          <DownloadLink route="downloadStaffApplicationPdf" linkRef={pdfLink} className="button button--primary" href={app.pdf.download_url}>
            Download the application PDF
          </DownloadLink>
        ) : app.pdf.status === 'FAILED' ? (
          'The application PDF could not be prepared.'
        ) : (
          'The application PDF is being prepared.'
        )}
      </p>
      {/* No polling: every read is recorded in the audit trail, so the person asks when to read again. */}
      {pending && (
        <p className="staff-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              asked.current = true;
              onCheckAgain();
            }}
            aria-disabled={checking || undefined}
          >
            Check again
          </button>
          <span role="status">{checking ? 'Checking…' : ''}</span>
        </p>
      )}
      {app.documents.length === 0 ? (
        <p>No documents were uploaded with this application.</p>
      ) : (
        <StaffTable label="Uploaded documents" columns={['Document', 'File', 'Status']}>
          {app.documents.map((d) => (
            <tr key={d.key}>
              <th scope="row">{d.label}</th>
              <td>
                {d.download_url ? (
                  // Every document is kept as a PDF (an image or a Word file is converted): offered as what it is now.
                  <DownloadLink route="downloadApplicationDocument" href={d.download_url}>
                    PDF of {d.file_name || d.label}
                  </DownloadLink>
                ) : (
                  (d.file_name ?? '—')
                )}
              </td>
              <td>{statusText(d.status)}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

/** The answers as the PDF prints them: the server sends the printed rows (the one printer in form/). */
function PrintedAnswers({ app }: { app: ApplicationDetail }) {
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

/** One submitted application: who, when, its PDF and documents, every answer, and who has read it. */
export function ApplicationRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: app, refetch, isFetching } = useQuery(applicationQuery(id));
  const { data: session } = useQuery(sessionQuery());
  const { role, decide, changeReleased } = useStaffCapabilities();
  // The review and the decision forms each say whether they show errors: the title leads with "Error: " while one does.
  const [reviewErrors, setReviewErrors] = useState(false);
  const [decisionErrors, setDecisionErrors] = useState(false);
  useStaffTitle(app ? (app.reference ? `${app.name} (${app.reference})` : app.name) : 'Application', reviewErrors || decisionErrors);
  if (!app) return null;
  // The list's paging travels on to the access record, so its "back" returns to the same page.
  const state = location.state as { back?: string } | null;
  const back = state?.back ?? '';
  const own = app.reviews?.find((r) => r.reviewer === session?.email);
  const toSignIn = () => void navigate(`${STAFF_LOGIN}?next=${encodeURIComponent(location.pathname)}`, { replace: true });
  return (
    <>
      <p>
        <Link to={`/staff/applications${back}`}>Back to the applications</Link>
      </p>
      <h1>{app.name || app.email}</h1>
      <dl className="staff-facts">
        <div>
          <dt>Reference</dt>
          <dd>{app.reference || 'None (submitted before references were given)'}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{app.email}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{formatDateTime(app.submitted_at)}</dd>
        </div>
        {app.office_status && (
          <div>
            <dt>Office status</dt>
            <dd>{OFFICE_STATUS_LABELS[app.office_status]}</dd>
          </div>
        )}
      </dl>
      <p>
        <Link to={`/staff/applications/${encodeURIComponent(id)}/audit`} state={state}>
          Who has read this application
        </Link>
      </p>
      {/* The review comes after the answers it is about: one step from the top for the keyboard. */}
      {role && (
        <p>
          <a
            href="#staff-review-title"
            onClick={(e) => {
              e.preventDefault();
              const heading = document.getElementById('staff-review-title');
              heading?.scrollIntoView?.({ block: 'start' });
              heading?.focus();
            }}
          >
            Go to your review
          </a>
        </p>
      )}
      {decide && (
        <Suspense fallback={null}>
          <DecisionEntry id={id} decision={app.decision} mayChangeReleased={changeReleased} onSessionLost={toSignIn} onErrorsShown={setDecisionErrors} />
          <ReviewsList reviews={app.reviews ?? []} />
        </Suspense>
      )}
      <OfficeHistory app={app} />
      <Documents app={app} checking={isFetching} onCheckAgain={() => void refetch()} />
      <Recommendations items={app.recommendations} />
      <PrintedAnswers app={app} />
      {role && (
        <Suspense fallback={null}>
          <ReviewForm id={id} own={own} onSessionLost={toSignIn} onErrorsShown={setReviewErrors} />
        </Suspense>
      )}
      {/* Admins only (the route refuses the rest anyway). */}
      {allows(role, 'eraseApplication') && <EraseApplication id={id} reference={app.reference} />}
    </>
  );
}

export const Component = ApplicationRoute;
