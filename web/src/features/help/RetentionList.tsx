import { policies } from '#form/institution-policies';
import { useT } from '#web/lib/i18n';
import { daysInWords } from './retention-words';

/** How long the institution keeps what an applicant gives, from its retention settings: the Privacy dialog and the privacy notice say it alike. */
export function RetentionList() {
  const t = useT();
  const { unsubmittedDays, submittedDays, warnDays } = policies.retention;
  return (
    <ul>
      <li>{t('help.retention.applying')}</li>
      <li>{t('help.retention.unsubmitted', { after: daysInWords(unsubmittedDays), warn: daysInWords(warnDays) })}</li>
      <li>{t('help.retention.submitted', { keep: daysInWords(submittedDays) })}</li>
    </ul>
  );
}
