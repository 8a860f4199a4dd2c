import { useQuery } from '@tanstack/react-query';
import { institution } from '#form/institution';
import { submittedAtInWords } from '#form/print';
import { useAnswer } from '#web/lib/answers';
import { profileQueryOptions } from '#web/lib/profile';
import { ApplicationReference } from './ApplicationReference';

/** The receipt: received, when (on the institution's clock) and its reference; under the decision once one is released. */
export function ApplicationReceived({ level = 1 }: { level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const firstName = useAnswer('first_name');
  // The profile the completion route loaded; no request of its own.
  const { data } = useQuery({ ...profileQueryOptions(), enabled: false });
  const when = data?.submitted_at ? submittedAtInWords(data.submitted_at) : '';
  return (
    <>
      <Heading>Application received</Heading>
      <p>
        Thank you{firstName ? `, ${firstName}` : ''}! Your {institution.applicationTitle} to {institution.name} was received
        {when ? ` on ${when}` : ''}.
      </p>
      <ApplicationReference />
    </>
  );
}
