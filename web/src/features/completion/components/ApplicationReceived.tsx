import { useQuery } from '@tanstack/react-query';
import { useAnswer } from '#web/lib/answers';
import { momentInWords } from '#web/lib/dates';
import { useT } from '#web/lib/i18n';
import { institutionNames, Sentence } from '#web/lib/institution-words';
import { profileQueryOptions } from '#web/lib/profile';
import { ApplicationReference } from './ApplicationReference';

/** The receipt: received, when (on the institution's clock) and its reference; under the decision once one is released. */
export function ApplicationReceived({ level = 1 }: { level?: 1 | 2 }) {
  const t = useT();
  const Heading = level === 1 ? 'h1' : 'h2';
  const firstName = useAnswer('first_name');
  // The profile the completion route loaded; no request of its own.
  const { data } = useQuery({ ...profileQueryOptions(), enabled: false });
  const when = data?.submitted_at ? momentInWords(data.submitted_at) : '';
  const names = institutionNames();
  return (
    <>
      <Heading>{t('status.received.title')}</Heading>
      <p>
        {t(firstName ? 'status.received.thanksName' : 'status.received.thanks', { firstName })}{' '}
        <Sentence text={t(when ? 'status.received.textWhen' : 'status.received.text', { application: names.title, institution: names.name, when })} />
      </p>
      <ApplicationReference />
    </>
  );
}
