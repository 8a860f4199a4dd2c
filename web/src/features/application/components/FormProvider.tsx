import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useToast } from '#web/components/Toasts';
import { answersStore, useAnswers } from '#web/lib/answers';
import { unsavedChanges } from '#web/lib/answers-api';
import { isUnauthorized } from '#web/lib/api-client';
import { translate } from '#web/lib/i18n';
import { reportGeneralError } from '#web/lib/query-client';
import { openServerProblems, serverProblemsStore } from '#web/lib/server-problems';
import { updateSnapshot, useSnapshot, type WebStatus } from '#web/lib/session';
import { useStore } from '#web/lib/store';
import { documentAnswersQueryOptions, getConversionStatus, removeDocument, useDocumentAnswers } from '../api/documents-api';
import { useChooseTab, useSetAddAnother, useTabs, useAddAnotherCounts } from '../api/form-state-api';
import { postWebStatus } from '../api/status-api';
import { badDateInputs } from '../date-input-state';
import { chooseTabAnswers, fileKeysOfTab, isPendingStatus, tabGroups, type FieldErrors, type FormContext } from '../model';
import { useApplicationClosed } from '../use-application-closed';
import { validateAll, validateKey } from '../validate';
import { formWord, useFormWords } from '../words';
import { FormRuntimeContext, type FormRuntime, type TabSwitch } from './form-runtime';

function merge(a: FieldErrors, b: FieldErrors): FieldErrors {
  const out: FieldErrors = { ...a };
  for (const [k, msgs] of Object.entries(b)) out[k] = [...new Set([...(out[k] ?? []), ...msgs])];
  return out;
}

/** The current errors, visible only while validating (from the first submit on), hidden in other statuses. */
export function useVisibleErrors(ctx: FormContext): FieldErrors {
  const status = useSnapshot((s) => s.web_status);
  const answers = useAnswers();
  const server = useStore(serverProblemsStore);
  const badDates = useStore(badDateInputs);
  const w = useFormWords();
  return useMemo(() => {
    if (status !== 'validating') return {};
    // A date the browser cannot read is not missing: its own message replaces the required one.
    const local = { ...validateAll(answers, ctx), ...badDates };
    // A server problem stays until the applicant changes that answer (then the browser's rules decide).
    const all = merge(local, openServerProblems(server, answers));
    // The rules speak the model's English (the server's too); the applicant reads their language.
    return Object.fromEntries(Object.entries(all).map(([key, messages]) => [key, [...new Set(messages.map(w))]]));
  }, [status, answers, ctx, server, badDates, w]);
}

/**
 * Answers are saved when the applicant changes page, not on every keystroke: leaving the site (reload, closing
 * the tab, another address) with answers typed since then asks first, as the browser allows.
 */
function useWarnBeforeLeaving(): void {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!unsavedChanges()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}

/** A logged-in applicant without a status starts the application. */
function useStartApplication(loggedIn: boolean, webStatus: WebStatus): void {
  useEffect(() => {
    if (!loggedIn || webStatus !== null) return;
    let cancelled = false;
    postWebStatus('started')
      .then(() => !cancelled && updateSnapshot({ web_status: 'started' }))
      .catch((e: Error) => reportGeneralError(e));
    return () => {
      cancelled = true;
    };
  }, [loggedIn, webStatus]);
}

/** The runtime's chooseTab: a tab switch, refused while the leaving tab's file still converts. */
function useTabSwitch(tabs: Readonly<Record<string, string>>): FormRuntime['chooseTab'] {
  const toast = useToast();
  const queryClient = useQueryClient();
  const chooseTabMutation = useChooseTab();
  return useCallback(
    async (groupId: string, tabId: string): Promise<TabSwitch> => {
      try {
        const docs = queryClient.getQueryData(documentAnswersQueryOptions().queryKey) ?? {};
        const leaving = tabs[groupId] ?? tabGroups.get(groupId)?.defaultTab;
        const keys = leaving ? fileKeysOfTab(groupId, leaving) : [];
        // A conversion still running on the server (even one started before a reload) blocks the switch.
        const statuses = await Promise.all(keys.map(async (key) => ({ key, status: (await getConversionStatus(key)).status })));
        if (statuses.some((s) => isPendingStatus(s.status))) return 'blocked';
        // Leaving a tab removes its stored documents: first the conversion, then the document answer.
        for (const { key, status } of statuses) {
          if (status !== 'NOT_ANSWERED' || docs[key]?.file_name) await removeDocument(key);
        }
        await chooseTabMutation.mutateAsync({ tab_id: groupId, chosen_tab: tabId });
        answersStore.set((a) => chooseTabAnswers(a, groupId, tabId));
        await queryClient.invalidateQueries({ queryKey: documentAnswersQueryOptions().queryKey });
        return 'switched';
      } catch (error) {
        if (isUnauthorized(error)) return 'failed';
        toast.show({
          severity: 'error',
          title: translate('form.ui.error'),
          message: translate('form.ui.tabsFailed', { label: formWord(tabGroups.get(groupId)?.label ?? groupId) }),
        });
        await queryClient.invalidateQueries({ queryKey: documentAnswersQueryOptions().queryKey });
        return 'failed';
      }
    },
    [queryClient, tabs, chooseTabMutation, toast],
  );
}

/** The runtime's addBlock: one more add-another block, saved; an error toast when refused. */
function useAddBlock(): FormRuntime['addBlock'] {
  const toast = useToast();
  const addAnotherMutation = useSetAddAnother();
  return useCallback(
    (buttonId: string, label: string, next: number) => {
      addAnotherMutation.mutate(
        { button_id: buttonId, num_components: next },
        {
          onError: () =>
            toast.show({ severity: 'error', title: translate('form.ui.error'), message: translate('form.ui.addAnotherFailed', { label: formWord(label) }) }),
        },
      );
    },
    [addAnotherMutation, toast],
  );
}

/** Provides everything the renderer needs while an applicant (or visitor) edits the form. */
export function FormProvider({ children }: { children: ReactNode }) {
  const { is_logged_in: loggedIn, web_status } = useSnapshot();
  const tabsQuery = useTabs(loggedIn);
  const countsQuery = useAddAnotherCounts(loggedIn);
  const docsQuery = useDocumentAnswers(loggedIn);
  const tabs = useMemo(() => tabsQuery.data ?? {}, [tabsQuery.data]);
  const addAnother = useMemo(() => countsQuery.data ?? {}, [countsQuery.data]);
  const ctx = useMemo<FormContext>(() => ({ tabs, addAnother }), [tabs, addAnother]);
  const errors = useVisibleErrors(ctx);
  useWarnBeforeLeaving();
  useStartApplication(loggedIn, web_status);
  const chooseTab = useTabSwitch(tabs);
  const addBlock = useAddBlock();
  // A closed application (issue 37) is read-only: no tab switches, no blocks added.
  const readOnly = useApplicationClosed() !== undefined;

  const runtime = useMemo<FormRuntime>(
    () => ({
      readOnly,
      loggedIn,
      errors,
      tabs,
      chooseTab,
      addAnother,
      addBlock,
      documents: docsQuery.data ?? {},
      validateField: (key, answers) => validateKey(key, answers, ctx).map(formWord),
    }),
    [readOnly, loggedIn, errors, tabs, chooseTab, addAnother, addBlock, docsQuery.data, ctx],
  );
  return <FormRuntimeContext.Provider value={runtime}>{children}</FormRuntimeContext.Provider>;
}
