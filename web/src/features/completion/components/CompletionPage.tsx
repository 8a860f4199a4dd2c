import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { institution } from '#form/institution';
import { DownloadLink } from '#web/components/DownloadLink';
import { NextApplication } from '#web/components/NextApplication';
import { InlineToast } from '#web/components/Toasts';
import { readCarried } from '#web/lib/answers';
import { urlOf } from '#web/lib/api-client';
import { useDocumentTitle } from '#web/lib/title';
import { stageOf, useReleasedDecision } from '../api/decision-api';
import { useApplicationPdf, useRetryApplicationPdf } from '../api/pdf-api';
import { ApplicationReceived } from './ApplicationReceived';
import { MessagesSection } from './MessagesSection';
import { NextSteps } from './NextSteps';

/** The applicant's own last steps: test scores and financial aid (no longer offered once a final decision is released). */
function LastSteps() {
  return (
    <>
      <h2>Your last steps</h2>
      <ol>
        {/* An institution that asks for no test scores lists no testing agency. */}
        {institution.links.testAgencies.length > 0 && (
          <li>
            If you want test scores considered, send them from{' '}
            {institution.links.testAgencies.map((l, i) => (
              <span key={l.url}>
                {i > 0 && ' or '}
                <a href={l.url}>{l.label}</a>
              </span>
            ))}
            .
          </li>
        )}
        <li>
          Apply for <a href={institution.links.financialAid.url}>{institution.links.financialAid.label}</a>.
        </li>
      </ol>
    </>
  );
}

/**
 * After submission, the status page: once released, the decision leads (passed in by the route:
 * its own chunk); then the receipt, what happens next for the application's state, the materials
 * and recommendations (passed in: they have their own data), the last steps until a final
 * decision, and the PDF copy once it is ready.
 */
export function CompletionPage({ decision, materials }: { decision?: ReactNode; materials?: ReactNode }) {
  const released = useReleasedDecision();
  useDocumentTitle();
  const location = useLocation();
  const message = readCarried(location.state).successMessage;
  const [messageOpen, setMessageOpen] = useState(true);
  // Submitting asked for the PDF; its status is polled from the moment the page opens.
  const pdf = useApplicationPdf(true);
  const retry = useRetryApplicationPdf();
  const ready = pdf.data?.status === 'COMPLETED' && !!pdf.data.url;
  // A successful "Try again" replaces the failed status; a refused one leaves it.
  const failed = pdf.status === 'error';
  return (
    <div className="completion">
      {message && messageOpen && <InlineToast label="Application Submitted" severity="success" message={message} onClose={() => setMessageOpen(false)} />}
      <NextApplication />
      {decision}
      <ApplicationReceived level={released ? 2 : 1} />
      <NextSteps released={released} />
      <MessagesSection />
      {materials}
      {stageOf(released) !== 'final' && <LastSteps />}
      <h2>A copy of your application</h2>
      {!ready && !failed && (
        <p role="status" className="completion__pdf-wait">
          <span className="spinner spinner--s" aria-hidden="true" /> Preparing your PDF…
        </p>
      )}
      {failed && (
        <>
          <InlineToast label="PDF Error" message={pdf.error.message} />
          {retry.refused && <p role="status">Your PDF could not be prepared yet. Please try again in a few minutes.</p>}
          <p>
            <button type="button" className="button" disabled={retry.pending} onClick={retry.tryAgain}>
              Try again
            </button>
          </p>
        </>
      )}
      {ready && (
        <p>
          {/* The app's download route signs a new link on each click, so the link outlives any signed one. */}
          <DownloadLink route="downloadApplicationPdf" href={urlOf('downloadApplicationPdf')} className="button button--primary">
            Download my application (PDF)
          </DownloadLink>
        </p>
      )}
      <h2>Your data</h2>
      <p>
        <DownloadLink route="exportMyData" href={urlOf('exportMyData')} className="button">
          Download my data
        </DownloadLink>{' '}
        A ZIP file with your answers, your account&apos;s details, your application PDF, your documents, the recommenders you invited and, once released, your
        decision, its letter and your reply.
      </p>
      <p>
        Questions? E-mail <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>.
      </p>
    </div>
  );
}
