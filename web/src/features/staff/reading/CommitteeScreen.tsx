import { Link } from 'react-router-dom';
import { DECISION_LABELS } from '#form/wire/decision-words';
import type { CommitteeList } from '#form/wire/reading';
import { formatDateTime } from '../shared/format';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';

const WHY = { recommendations: 'One recommends admit, another deny', scores: 'Total scores far apart' } as const;

/** The committee queue (deciders, admins): applications whose reads disagree, not yet decided, oldest first, with each read. */
export default function CommitteeScreen({ list, readError }: { list: CommitteeList | undefined; readError: string | undefined }) {
  useStaffTitle('Committee queue');
  const items = list?.items ?? [];
  return (
    <>
      <h1>Committee queue</h1>
      <p>Applications whose reads disagree, waiting for a decision. Open one to read both reviews and decide.</p>
      {readError && <p className="staff-warning">{readError}</p>}
      {items.length === 0 ? (
        <p>No application is waiting for the committee.</p>
      ) : (
        <StaffTable label="Applications waiting for the committee, oldest first" columns={['Reference', 'Name', 'Submitted', 'Why', 'Reads']}>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={`/staff/applications/${encodeURIComponent(item.id)}`}>{item.reference || `Open the application of ${item.name}`}</Link>
              </td>
              <td>{item.name}</td>
              <td>{formatDateTime(item.submitted_at)}</td>
              <td>{WHY[item.disagreement]}</td>
              <td>
                <ul>
                  {item.reads.map((r) => (
                    <li key={r.reviewer}>
                      <span className="staff-email">{r.reviewer}</span>: {DECISION_LABELS[r.recommendation]}, total {r.total}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </>
  );
}
