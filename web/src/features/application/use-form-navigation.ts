import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { answersStore, hasAnyAnswer } from '../../lib/answers';
import { ApiError } from '../../lib/api-client';
import { OFFLINE_SAVE_MESSAGE, RESUMED_SAVE_MESSAGE, saveChangedAnswers, saveAnswersMutationOptions } from './api/answers-api';
import { snapshotStore, updateSnapshot } from '../../lib/session';
import { DEFAULT_FORM_ROUTE, paths } from '../../lib/routes';
import { SUBMITTED_MESSAGE } from '../../lib/messages';
import { profileQueryOptions } from '../../lib/profile';
import { useToast } from '../../components/Toasts';
import { postSubmit, postValidations, postWebStatus } from './api/status-api';
import { clearServerProblems, holdServerProblems } from '../../lib/server-problems';
import { focusSummaryRequest } from './components/ErrorSummary';
import { validateAll } from './validate';
import type { FormContext } from './model';

/**
 * Moving between pages and submitting (000 §2, §4). Anonymous visitors with answers go to
 * /signup carrying them; logged-in applicants save, validate, and the move is recorded.
 */
export function useFormNavigation(ctx: FormContext) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

  const toSignup = useCallback(() => {
    const answers = answersStore.get();
    navigate(paths.signup, { state: hasAnyAnswer(answers) ? { studentAnswers: answers } : {} });
  }, [navigate]);

  // A save made offline waits (paused) and runs once the browser is back online.
  const pausedSave = useMutation({
    ...saveAnswersMutationOptions(),
    onSuccess: (saved) => {
      if (saved) toast.show({ severity: 'success', message: RESUMED_SAVE_MESSAGE });
    },
  });

  /** False when offline: the save is queued, the applicant stays on the page with their answers. */
  const saveAndCheck = useCallback(async (): Promise<boolean> => {
    if (!onlineManager.isOnline()) {
      // Queued even when nothing has changed yet: it saves whatever has changed by the time it runs.
      pausedSave.mutate();
      toast.show({ severity: 'error', title: 'Offline', message: OFFLINE_SAVE_MESSAGE });
      return false;
    }
    await saveChangedAnswers();
    if (snapshotStore.get().web_status === 'validating') await postValidations(validateAll(answersStore.get(), ctx));
    return true;
  }, [ctx, pausedSave, toast]);

  const fail = useCallback((e: unknown) => toast.show({ severity: 'error', title: 'Error', message: (e as Error).message }), [toast]);

  /** Saves, then records the page change and moves; false when it stayed (offline, or an error shown). */
  const saveThenMove = useCallback(
    async (to: string): Promise<boolean> => {
      try {
        if (!(await saveAndCheck())) return false;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) fail(e);
        return false;
      }
      updateSnapshot({ has_changed_page: true });
      navigate(to, { replace: true });
      return true;
    },
    [saveAndCheck, fail, navigate],
  );

  /** Left navigation and error summary links: navigation replaces history. */
  const goTo = useCallback(
    async (to: string) => {
      const { is_logged_in } = snapshotStore.get();
      if (!is_logged_in) {
        if (hasAnyAnswer(answersStore.get())) return toSignup();
        return navigate(to, { replace: true });
      }
      await saveThenMove(to);
    },
    [navigate, toSignup, saveThenMove],
  );

  /** "Save and continue": save with a target route, then the success message there. */
  const saveAndGo = useCallback(
    async (to: string) => {
      if (!snapshotStore.get().is_logged_in) return goTo(to);
      if (await saveThenMove(to)) toast.show({ severity: 'success', message: 'Your answers have been saved.' });
    },
    [goTo, saveThenMove, toast],
  );

  /** Submit (000 §4): save → validating → server validation → submit → /completion. */
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
      // After the save: a conflict the applicant resolved may have changed them.
      const answers = answersStore.get();
      // The server moves one step at a time: if the automatic "started" has not landed yet, it goes first.
      if (snapshot.web_status === null) {
        await postWebStatus('started');
        updateSnapshot({ web_status: 'started' });
      }
      if (snapshot.web_status === 'started' || snapshot.web_status === null) {
        await postWebStatus('validating');
        updateSnapshot({ web_status: 'validating' });
      }
      const problems = validateAll(answers, ctx);
      await postValidations(problems);
      if (Object.keys(problems).length > 0) {
        focusSummaryRequest.set(true);
        navigate(DEFAULT_FORM_ROUTE, { replace: true });
        return;
      }
      try {
        await postSubmit();
      } catch (e) {
        if (e instanceof ApiError && e.status === 422 && e.problems) {
          holdServerProblems(e.problems, answers);
          focusSummaryRequest.set(true);
          navigate(DEFAULT_FORM_ROUTE, { replace: true });
          return;
        }
        throw e;
      }
      await postWebStatus('submitted').catch(() => undefined);
      updateSnapshot({ web_status: 'submitted' });
      queryClient.removeQueries({ queryKey: profileQueryOptions().queryKey });
      navigate(paths.completion, { replace: true, state: { successMessage: SUBMITTED_MESSAGE } });
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) fail(e);
    }
  }, [ctx, navigate, toSignup, fail, queryClient]);

  return { goTo, saveAndGo, submit };
}
