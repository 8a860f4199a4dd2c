import { useEffect, useRef } from 'react';
import { DownloadLink } from '#web/components/DownloadLink';
import type { ApplicationDetail } from '../api/staff-api';
import { StaffTable } from '../shared/StaffTable';

/** The conversion and render statuses in words. */
const STATUS_TEXT: Record<string, string> = {
  COMPLETED: 'Ready',
  IN_PROGRESS: 'Being prepared',
  PENDING: 'Being prepared',
  FAILED: 'Could not be prepared',
};
const statusText = (s: string) => STATUS_TEXT[s] ?? s.toLowerCase().replace(/_/g, ' ');

export function Documents({ app, onCheckAgain, checking }: { app: ApplicationDetail; onCheckAgain: () => void; checking: boolean }) {
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
