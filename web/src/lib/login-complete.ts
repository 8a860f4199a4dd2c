import type { QueryClient } from '@tanstack/react-query';
import { answersStore, savedAnswersStore } from './answers';
import { saveCarriedAnswers } from './answers-api';
import { followAccountLanguage } from './i18n';
import { profileQueryOptions, type Answers } from './profile';
import { updateSnapshot } from './session';

/**
 * After a successful login: forget anything cached for the previous visitor, take up the language
 * saved on the account (or save the one shown when there is none), and save the answers
 * typed before the account existed (carried in navigation state) so nothing is lost. Where the
 * account already holds a different answer, the applicant chooses which to keep.
 */
export async function completeLogin(queryClient: QueryClient, carried: Answers | undefined): Promise<void> {
  queryClient.clear();
  answersStore.set({});
  savedAnswersStore.set({});
  updateSnapshot({ is_logged_in: true, has_changed_page: false, is_service_user: false });
  // The profile carries the language saved on the account (issue 41): a second device follows it.
  const profile = await queryClient.fetchQuery(profileQueryOptions());
  await followAccountLanguage(profile.language);
  if (!carried) return;
  const merged = await saveCarriedAnswers(profile.answer ?? {}, carried);
  queryClient.setQueryData(profileQueryOptions().queryKey, { ...profile, answer: merged });
}
