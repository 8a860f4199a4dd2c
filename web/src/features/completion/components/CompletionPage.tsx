import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { institution } from '../../../../../form/institution';
import { InlineToast } from '../../../components/Toasts';
import { Spinner } from '../../../components/Spinner';
import { readCarried, useAnswer } from '../../../lib/answers';
import { useDocumentTitle } from '../../../lib/title';
import { useApplicationPdf } from '../api/pdf-api';

/** After submission (000 §2): thanks, the last steps, and the PDF copy once it is ready. */
export function CompletionPage() {
  useDocumentTitle();
  const location = useLocation();
  const message = readCarried(location.state).successMessage;
  const [messageOpen, setMessageOpen] = useState(true);
  const firstName = useAnswer('first_name');
  const [wantPdf, setWantPdf] = useState(false);
  const pdf = useApplicationPdf(wantPdf);
  const ready = pdf.data?.status === 'COMPLETED' ? pdf.data.url : undefined;
  return (
    <div className="completion">
      {message && messageOpen && <InlineToast label="Application Submitted" severity="success" message={message} onClose={() => setMessageOpen(false)} />}
      <h1>Thank you{firstName ? `, ${firstName}` : ''}!</h1>
      <p>
        Your {institution.applicationTitle} to {institution.name} has been received.
      </p>
      <h2>Your last steps</h2>
      <ol>
        <li>Ask your school counselor to send your high school transcript, if you did not upload it.</li>
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
        <li>
          Apply for <a href={institution.links.financialAid.url}>{institution.links.financialAid.label}</a>.
        </li>
      </ol>
      <h2>A copy of your application</h2>
      {!wantPdf && (
        <button type="button" className="button button--primary" onClick={() => setWantPdf(true)}>
          Prepare my PDF
        </button>
      )}
      {wantPdf && !ready && !pdf.error && <Spinner size="m" label="Preparing your PDF" />}
      {pdf.error && <InlineToast label="PDF Error" message={pdf.error.message} />}
      {ready && (
        <a className="button button--primary" href={ready} download>
          Download my application (PDF)
        </a>
      )}
      <p>
        Questions? E-mail <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>.
      </p>
    </div>
  );
}
