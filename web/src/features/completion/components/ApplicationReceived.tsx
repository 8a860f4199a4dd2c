import { useQuery } from '@tanstack/react-query';
import { institution, officeTexts } from '#form/institution';
import { submittedAtInWords } from '#form/print';
import { useAnswer } from '#web/lib/answers';
import { profileQueryOptions } from '#web/lib/profile';
import { ApplicationReference } from './ApplicationReference';

/** The receipt: received, when (on the institution's clock), its reference, and what happens next. */
export function ApplicationReceived() {
  const firstName = useAnswer('first_name');
  // The profile the completion route loaded; no request of its own.
  const { data } = useQuery({ ...profileQueryOptions(), enabled: false });
  const when = data?.submitted_at ? submittedAtInWords(data.submitted_at) : '';
  return (
    <>
      <h1>Application received</h1>
      <p>
        Thank you{firstName ? `, ${firstName}` : ''}! Your {institution.applicationTitle} to {institution.name} was received
        {when ? ` on ${when}` : ''}.
      </p>
      <ApplicationReference />
      <h2>What happens next</h2>
      <p>{officeTexts.nextSteps()}</p>
    </>
  );
}
