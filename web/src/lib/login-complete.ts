import type { QueryClient } from '@tanstack/react-query';
import { answersStore, savedAnswersStore } from './answers';
import { saveCarriedAnswers } from './answers-api';
import { profileQueryOptions, type Answers } from './profile';
import { updateSnapshot } from './session';

/**
 * After a successful login: forget anything cached for the previous visitor, and save the answers
 * typed before the account existed (carried in navigation state) so nothing is lost. Where the
 * account already holds a different answer, the applicant chooses which to keep.
 */
export async function completeLogin(queryClient: QueryClient, carried: Answers | undefined): Promise<void> {
  queryClient.clear();
  answersStore.set({});
  savedAnswersStore.set({});
  updateSnapshot({ is_logged_in: true, has_changed_page: false, is_service_user: false });
  if (!carried) return;
  const profile = await queryClient.fetchQuery(profileQueryOptions());
  const merged = await saveCarriedAnswers(profile.answer ?? {}, carried);
  queryClient.setQueryData(profileQueryOptions().queryKey, { ...profile, answer: merged });
}
