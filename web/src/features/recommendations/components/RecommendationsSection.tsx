import { useQueryClient } from '@tanstack/react-query';
import { institution } from '#form/institution';
import type { RecommenderRole, WaiverAnswer } from '#form/wire/recommendations';
import { Spinner } from '#web/components/Spinner';
import { useAnswers } from '#web/lib/answers';
import { saveChangedAnswers, unsavedChanges } from '#web/lib/answers-api';
import { useT } from '#web/lib/i18n';
import { useSnapshot } from '#web/lib/session';
import { recommendationsQueryOptions, useRecommendations, type RecommendationList } from '../api/applicant-api';
import { isActive, ownWaiverInWords, type SectionPlace } from '../words';
import { InviteForm, type CounselorAnswers } from './InviteForm';
import { RecommenderList } from './RecommenderList';

/** The roles with room for one more invitation: one counselor, the institution's number of teachers. */
export function rolesWithRoom(list: RecommendationList): RecommenderRole[] {
  const active = (role: RecommenderRole) => list.items.filter((i) => i.role === role && (isActive(i.status) || i.status === 'submitted')).length;
  const roles: RecommenderRole[] = [];
  if (active('counselor') < 1) roles.push('counselor');
  if (active('teacher') < list.max_teachers) roles.push('teacher');
  return roles;
}

/** The waiver question's answer as the contract names it ('' until answered). */
const asWaiver = (value: string | undefined): WaiverAnswer => (value === 'Y' || value === 'N' ? value : '');

/** Before an invitation from the form page: the server checks it against the stored waiver, so what was typed is saved first. */
const saveFirst = () => (unsavedChanges() ? saveChangedAnswers() : Promise.resolve(false));

/**
 * "Recommendations": the applicant's counselor and teachers, each invited by e-mail with a link
 * of their own, their states in words, reminders and cancelling. On the Final Steps page the
 * waiver is read as the applicant answers it; after submission as stored. `closed`: a final
 * decision is released, so no more letters are needed (no invitations or reminders).
 */
export default function RecommendationsSection({ place, closed = false }: { place: SectionPlace; closed?: boolean }) {
  const t = useT();
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const answers = useAnswers();
  const queryClient = useQueryClient();
  const { data, error } = useRecommendations(loggedIn);
  const refresh = () => queryClient.invalidateQueries({ queryKey: recommendationsQueryOptions().queryKey });
  const counselor: CounselorAnswers = {
    first_name: answers.counselor_first_name ?? '',
    last_name: answers.counselor_last_name ?? '',
    email: answers.counselor_email_address ?? '',
  };
  const waiver = place === 'form' ? asWaiver(answers.counselor_waiver_request) : (data?.waiver ?? '');
  const roles = data ? rolesWithRoom(data) : [];
  const days = institution.recommendations.linkDays;

  return (
    <section className="section recommendations" aria-labelledby="recommendations-title">
      <h2 id="recommendations-title">{t('recommend.section.title')}</h2>
      <p>{t('recommend.section.intro', { teachers: data?.max_teachers ?? institution.recommendations.maxTeachers, days })}</p>
      {!loggedIn ? (
        <p>{t('recommend.section.signedOut')}</p>
      ) : (
        <>
          {waiver !== '' && <p>{ownWaiverInWords(waiver)}</p>}
          {!data && !error && <Spinner label={t('recommend.section.loading')} showLabel />}
          {error && <p role="alert">{t('recommend.section.loadFailed')}</p>}
          {data && (
            <>
              <h3>{t('recommend.section.yours')}</h3>
              <RecommenderList items={data.items} onChanged={refresh} reminders={!closed} />
              {closed ? (
                <p>{t('recommend.section.closed')}</p>
              ) : roles.length > 0 ? (
                <InviteForm
                  counselor={counselor}
                  roles={roles}
                  blocked={waiver === ''}
                  beforeInvite={place === 'form' ? saveFirst : undefined}
                  onInvited={() => void refresh()}
                />
              ) : (
                <p>{t('recommend.section.full', { institution: institution.name })}</p>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
