import { OFFICE_STATUS_LABELS } from '#form/wire/office-status';
import type { ApplicationDetail } from '../api/staff-api';
import { formatDateTime } from '../shared/format';
import { StaffTable } from '../shared/StaffTable';

/** Every change of the application's office status, oldest first: when, who, from, to, what. */
export function OfficeHistory({ app }: { app: ApplicationDetail }) {
  const history = app.history ?? [];
  return (
    <section aria-labelledby="staff-history-title" className="panel">
      <h2 id="staff-history-title">Status history</h2>
      {history.length === 0 ? (
        <p>No changes yet: the application is as it was submitted.</p>
      ) : (
        <StaffTable label="Status history, oldest first" columns={['When', 'Who', 'From', 'To', 'What']}>
          {history.map((h, i) => (
            <tr key={`${h.at}-${i}`}>
              <td>{formatDateTime(h.at)}</td>
              <td className="staff-email">{h.staff}</td>
              <td>{OFFICE_STATUS_LABELS[h.from]}</td>
              <td>{OFFICE_STATUS_LABELS[h.to]}</td>
              <td>{h.what}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
