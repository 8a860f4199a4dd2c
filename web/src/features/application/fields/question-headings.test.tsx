import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/Toasts';
import { answersStore } from '#web/lib/answers';
import { createQueryClient } from '#web/lib/query-client';
import { fakeFetch } from '#web/test/fetch';
import { FormRuntimeContext } from '../components/form-runtime';
import { QuestionField } from '../components/FormNodes';
import { testRuntime } from '../components/test-runtime';
import { questionFor, type Question } from '../model';

function renderQuestion(key: string) {
  vi.stubGlobal(
    'fetch',
    fakeFetch(() => Response.json({})),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <FormRuntimeContext.Provider value={testRuntime()}>
          <QuestionField q={questionFor(key) as Question} />
        </FormRuntimeContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  answersStore.set({});
  vi.unstubAllGlobals();
});

describe('headings and hints that read right', () => {
  it('the graduation heading names the month and the year it groups, each select says which it is', () => {
    renderQuestion('grad_month');
    // The "(optional)" span's leading space is lost by jsdom's name computation, not by browsers.
    const group = screen.getByRole('group', { name: /^Graduation Date ?\(optional\)$/ });
    expect(within(group).getByRole('combobox', { name: 'Month' })).toHaveAttribute('id', 'grad_month');
    expect(within(group).getByRole('combobox', { name: 'Year' })).toHaveAttribute('id', 'grad_year');
    expect(screen.queryByText(/Graduation Month/)).toBeNull();
  });

  it('a planned test date is asked once, its selects named Month and Year', () => {
    renderQuestion('act_plan_month');
    const group = screen.getByRole('group', { name: /^When do you plan to take the ACT\? ?\(optional\)$/ });
    expect(within(group).getByRole('combobox', { name: 'Month' })).toHaveAttribute('id', 'act_plan_month');
    expect(within(group).getByRole('combobox', { name: 'Year' })).toHaveAttribute('id', 'act_plan_year');
  });

  it('"Resume (optional)" does not say optional again in its hint', () => {
    renderQuestion('resume');
    const input = screen.getByLabelText('Resume (optional)');
    expect(input).toHaveAccessibleDescription('A resume of your activities: .png, .jpeg, .jpg, .pdf or .docx, at most 1 MB.');
    expect(input).not.toHaveAccessibleDescription(/optional/i);
  });
});
