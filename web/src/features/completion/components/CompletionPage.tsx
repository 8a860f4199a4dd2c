import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { institution } from '#form/institution';
import { DownloadLink } from '#web/components/DownloadLink';
import { NextApplication } from '#web/components/NextApplication';
import { InlineToast } from '#web/components/Toasts';
import { readCarried } from '#web/lib/answers';
import { urlOf } from '#web/lib/api-client';
import { T, useInstitutionText, useT } from '#web/lib/i18n';
import { Own } from '#web/lib/institution-words';
import { useDocumentTitle } from '#web/lib/title';
import { stageOf, useReleasedDecision } from '../api/decision-api';
import { useApplicationPdf, useRetryApplicationPdf } from '../api/pdf-api';
import { ApplicationReceived } from './ApplicationReceived';
import { MessagesSection } from './MessagesSection';
import { NextSteps } from './NextSteps';

/** The applicant's own last steps: test scores and financial aid (no longer offered once a final decision is released). */
function LastSteps() {
  const t = useT();
  const agencies = institution.links.testAgencies;
  const it = useInstitutionText();
  const aid = institution.links.financialAid;
  return (
    <>
      <h2>{t('status.last.title')}</h2>
      <ol>
        {/* An institution that asks for no test scores lists no testing agency. */}
        {agencies.length > 0 && (
          <li>
            {t('status.last.testScores')}{' '}
            {agencies.map((l, i) => (
              <span key={l.url}>
                {i > 0 && ` ${t('status.last.or')} `}
                <a href={l.url}>
                  <Own words={l.label} />
                </a>
              </span>
            ))}
            {t('status.last.end')}
          </li>
        )}
        <li>
          <T id="status.last.financialAid" values={{ aid: it(aid.label) }} components={[<a href={aid.url}>{it(aid.label)}</a>]} />
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
  const t = useT();
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
      {message && messageOpen && <InlineToast label={t('status.submittedToast')} severity="success" message={message} onClose={() => setMessageOpen(false)} />}
      <NextApplication />
      {decision}
      <ApplicationReceived level={released ? 2 : 1} />
      <NextSteps released={released} />
      <MessagesSection />
      {materials}
      {stageOf(released) !== 'final' && <LastSteps />}
      <h2>{t('status.pdf.title')}</h2>
      {!ready && !failed && (
        <p role="status" className="completion__pdf-wait">
          <span className="spinner spinner--s" aria-hidden="true" /> {t('status.pdf.preparing')}
        </p>
      )}
      {failed && (
        <>
          <InlineToast label={t('status.pdf.error')} message={pdf.error.message} />
          {retry.refused && <p role="status">{t('status.pdf.notYet')}</p>}
          <p>
            <button type="button" className="button" disabled={retry.pending} onClick={retry.tryAgain}>
              {t('status.pdf.tryAgain')}
            </button>
          </p>
        </>
      )}
      {ready && (
        <p>
          {/* The app's download route signs a new link on each click, so the link outlives any signed one. */}
          <DownloadLink route="downloadApplicationPdf" href={urlOf('downloadApplicationPdf')} className="button button--primary">
            {t('status.pdf.download')}
          </DownloadLink>
        </p>
      )}
      <h2>{t('status.data.title')}</h2>
      <p>
        <DownloadLink route="exportMyData" href={urlOf('exportMyData')} className="button">
          {t('status.data.download')}
        </DownloadLink>{' '}
        {t('status.data.what')}
      </p>
      <p>
        <T
          id="status.questions"
          values={{ email: institution.helpEmail }}
          components={[<a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>]}
        />
      </p>
    </div>
  );
}
