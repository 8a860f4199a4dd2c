import { policies } from '#form/institution-policies';
import { daysInWords } from './retention-words';

/** How long the institution keeps what an applicant gives, from its retention settings: the Privacy dialog and the privacy notice say it alike. */
export function RetentionList() {
  const { unsubmittedDays, submittedDays, warnDays } = policies.retention;
  return (
    <ul>
      <li>Your account, your answers and the files you upload, while you are applying.</li>
      <li>
        If you never submit your application, we delete your account and everything in it {daysInWords(unsubmittedDays)} after you last signed in. We e-mail you{' '}
        {daysInWords(warnDays)} before, so you can sign in to keep it.
      </li>
      <li>
        Once you submit, your application is the admissions office&apos;s record: we keep it for {daysInWords(submittedDays)} after you submitted it, then erase
        it.
      </li>
    </ul>
  );
}
