import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeApplication } from '#test/support/answers';
import { ToastProvider } from '#web/components/Toasts';
import { answersStore, savedAnswersStore } from '#web/lib/answers';
import { forgetSession } from '#web/lib/logout';
import { createQueryClient } from '#web/lib/query-client';
import { updateSnapshot } from '#web/lib/session';
import { fakeFetch } from '#web/test/fetch';
import { useVisibleErrors } from './components/FormProvider';
import type { FormContext } from './model';
import { useFormNavigation } from './use-form-navigation';

const ctx: FormContext = { tabs: {}, addAnother: {} };

function VisibleErrors() {
  return <pre data-testid="errors">{JSON.stringify(useVisibleErrors(ctx))}</pre>;
}
const shown = () => JSON.parse(screen.getByTestId('errors').textContent ?? '{}') as Record<string, string[]>;

/** The API as a submit meets it: saves and status posts succeed, each submit answers the next 422. */
function serverRefusing(...refusals: Record<string, string[]>[]) {
  vi.stubGlobal(
    'fetch',
    fakeFetch((url: string) => {
      if (String(url).endsWith('/api/submit')) {
        const problems = refusals.shift() ?? {};
        return Response.json({ message: "We're missing some information!", problems }, { status: 422 });
      }
      return Response.json({ message: 'ok' });
    }),
  );
}

function withApp(queryClient = createQueryClient()) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/final-steps']}>{children}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}

describe('server problems do not outlive their cause', () => {
  beforeEach(() => {
    const answers = completeApplication();
    answersStore.set(answers);
    savedAnswersStore.set({ ...answers });
    updateSnapshot({ is_logged_in: true, web_status: 'validating' });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function submitOnce(submit: () => Promise<void>) {
    await act(async () => {
      await submit();
    });
  }

  it('a problem disappears for its key once that answer changes, and the others stay', async () => {
    serverRefusing({ first_name: ['First Name is refused by the office.'], last_name: ['Last Name is refused by the office.'] });
    const wrapper = withApp();
    const { result } = renderHook(() => useFormNavigation(ctx), { wrapper });
    render(<VisibleErrors />, { wrapper });
    await submitOnce(result.current.submit);
    expect(Object.keys(shown()).sort()).toEqual(['first_name', 'last_name']);

    act(() => answersStore.set((a) => ({ ...a, first_name: 'Augusta' })));
    expect(shown()).toEqual({ last_name: ['Last Name is refused by the office.'] });
  });

  it('the next submit attempt replaces the problems of the last', async () => {
    serverRefusing({ first_name: ['First Name is refused by the office.'] }, { gender: ['Gender is refused by the office.'] });
    const wrapper = withApp();
    const { result } = renderHook(() => useFormNavigation(ctx), { wrapper });
    render(<VisibleErrors />, { wrapper });
    await submitOnce(result.current.submit);
    expect(Object.keys(shown())).toEqual(['first_name']);
    await submitOnce(result.current.submit);
    expect(shown()).toEqual({ gender: ['Gender is refused by the office.'] });
  });

  it('a next attempt that stops at the browser’s own checks still drops the last refusal', async () => {
    serverRefusing({ gender: ['Gender is refused by the office.'] });
    const wrapper = withApp();
    const { result } = renderHook(() => useFormNavigation(ctx), { wrapper });
    render(<VisibleErrors />, { wrapper });
    await submitOnce(result.current.submit);
    expect(Object.keys(shown())).toEqual(['gender']);
    act(() => answersStore.set((a) => ({ ...a, last_name: '' })));
    await submitOnce(result.current.submit);
    expect(Object.keys(shown())).toEqual(['last_name']);
  });

  it('logout forgets them: the next person in the same tab never sees the last one’s problems', async () => {
    serverRefusing({ first_name: ['First Name is refused by the office.'] });
    const queryClient = createQueryClient();
    const wrapper = withApp(queryClient);
    const { result } = renderHook(() => useFormNavigation(ctx), { wrapper });
    render(<VisibleErrors />, { wrapper });
    await submitOnce(result.current.submit);
    expect(Object.keys(shown())).toEqual(['first_name']);

    act(() => forgetSession(queryClient));
    // The next applicant signs in here, with the same first name, and starts validating.
    act(() => {
      answersStore.set(completeApplication());
      updateSnapshot({ is_logged_in: true, web_status: 'validating' });
    });
    expect(shown()).toEqual({});
  });
});
