import { DECISION_LABELS, replyMadeInWords } from '#form/wire/decision-words';
import type { ApplicationSummary } from '../api/staff-api';

/** A list row's decision and the applicant's reply, in words (deciders and admins). */
export function DecisionCells({ summary }: { summary: ApplicationSummary }) {
  return (
    <>
      <td>{summary.decision ? DECISION_LABELS[summary.decision] : ''}</td>
      <td>{summary.reply ? replyMadeInWords(summary.reply) : ''}</td>
    </>
  );
}
