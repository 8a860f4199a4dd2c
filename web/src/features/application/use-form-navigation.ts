import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '#web/components/Toasts';
import { answersStore, hasAnyAnswer, signupToSaveState } from '#web/lib/answers';
import { saveChangedAnswers, saveAnswersMutationOptions } from '#web/lib/answers-api';
import { ApiError } from '#web/lib/api-client';
import { translate } from '#web/lib/i18n';
import { profileQueryOptions } from '#web/lib/profile';
import { DEFAULT_FORM_ROUTE, paths } from '#web/lib/routes';
import { clearServerProblems } from '#web/lib/server-problems';
import { snapshotStore, updateSnapshot } from '#web/lib/session';
import { postValidations } from './api/status-api';
import { focusSummaryRequest } from './components/form-summary';
import type { FormContext } from './model';
import { submitSavedAnswers } from './submit-application';
import { validateAll } from './validate';

/** A form page's navigation state: `fromReview` when a Change link on the review page opened it. */
export interface FormNavigationState {
  fromReview?: boolean;
}

export const cameFromReview = (state: unknown): boolean => !!state && typeof state === 'object' && (state as FormNavigationState).fromReview === true;

/** The outcome of a save or submit: the newest replaces the last, so "saved" never sits above an old failure. */
const SAVE_TOAST = 'save';

/**
 * Saving before a move: false when offline (the save is queued and runs once the browser is back
 * online, the applicant stays on the page with their answers); while validating, the problems
 * are recorded with the save.
 */
function useSaveAndCheck(ctx: FormContext) {
  const toast = useToast();
  // A save made offline waits (paused) and runs once the browser is back online.
  const pausedSave = useMutation({
    ...saveAnswersMutationOptions(),
    onSuccess: (saved) => {
      if (saved) toast.show({ severity: 'success', message: translate('form.ui.resumedSave'), kind: SAVE_TOAST });
    },
  });

  return useCallback(async (): Promise<boolean> => {
    if (!onlineManager.isOnline()) {
      // Queued even when nothing has changed yet: it saves whatever has changed by the time it runs.
      pausedSave.mutate();
      toast.show({ severity: 'error', title: translate('form.ui.offline'), message: translate('form.ui.offlineSave'), kind: SAVE_TOAST });
      return false;
    }
    await saveChangedAnswers();
    if (snapshotStore.get().web_status === 'validating') await postValidations(validateAll(answersStore.get(), ctx));
    return true;
  }, [ctx, pausedSave, toast]);
}

/**
 * Moving between pages and submitting. Anonymous visitors with answers go to
 * /signup carrying them; logged-in applicants save, validate, and the move is recorded.
 */
export function useFormNavigation(ctx: FormContext) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const saveAndCheck = useSaveAndCheck(ctx);

  const toSignup = useCallback(() => {
    void navigate(paths.signup, { state: signupToSaveState(answersStore.get()) });
  }, [navigate]);

  const fail = useCallback(
    (e: unknown) => toast.show({ severity: 'error', title: translate('form.ui.error'), message: (e as Error).message, kind: SAVE_TOAST }),
    [toast],
  );

  /** Saves, then records the page change and moves; false when it stayed (offline, or an error shown). */
  const saveThenMove = useCallback(
    async (to: string, state?: FormNavigationState): Promise<boolean> => {
      try {
        if (!(await saveAndCheck())) return false;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) fail(e);
        return false;
      }
      updateSnapshot({ has_changed_page: true });
      void navigate(to, { replace: true, state });
      return true;
    },
    [saveAndCheck, fail, navigate],
  );

  /** Left navigation, error summary and the review's Change links: navigation replaces history. */
  const goTo = useCallback(
    async (to: string, state?: FormNavigationState) => {
      const { is_logged_in } = snapshotStore.get();
      if (!is_logged_in) {
        if (hasAnyAnswer(answersStore.get())) return toSignup();
        return navigate(to, { replace: true, state });
      }
      await saveThenMove(to, state);
    },
    [navigate, toSignup, saveThenMove],
  );

  /** "Save and continue": save with a target route, then the success message there. */
  const saveAndGo = useCallback(
    async (to: string) => {
      if (!snapshotStore.get().is_logged_in) return goTo(to);
      if (await saveThenMove(to)) toast.show({ severity: 'success', message: translate('form.ui.saved'), kind: SAVE_TOAST });
    },
    [goTo, saveThenMove, toast],
  );

  /** Submit: save → validating → server validation → submit → /completion. */
  const submit = useCallback(async () => {
    const snapshot = snapshotStore.get();
    if (!snapshot.is_logged_in) return toSignup();
    // Each attempt replaces the last one's server problems (if the server refuses again, anew).
    clearServerProblems();
    if (!onlineManager.isOnline()) {
      await saveAndCheck();
      return;
    }
    try {
      await saveChangedAnswers();
      const outcome = await submitSavedAnswers(ctx, snapshot.web_status);
      if (outcome.problems) {
        focusSummaryRequest.set(true);
        void navigate(DEFAULT_FORM_ROUTE, { replace: true });
        return;
      }
      queryClient.removeQueries({ queryKey: profileQueryOptions().queryKey });
      void navigate(paths.completion, { replace: true, state: { successMessage: outcome.message } });
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) fail(e);
    }
  }, [ctx, navigate, toSignup, fail, queryClient, saveAndCheck]);

  return { goTo, saveAndGo, submit };
}
