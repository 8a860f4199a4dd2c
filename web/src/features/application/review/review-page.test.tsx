import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '#web/components/Toasts';
import { answersStore } from '#web/lib/answers';
import { createQueryClient } from '#web/lib/query-client';
import { FormRuntimeContext } from '../components/form-runtime';
import { testRuntime } from '../components/test-runtime';
import { ReviewPage } from './ReviewPage';

const runtime = testRuntime({ documents: { resume: { file_name: 'my-cv.pdf', file_size: 2048, status: 'COMPLETED' } } });

function renderReview(value = runtime) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/review']}>
        <ToastProvider>
          <FormRuntimeContext.Provider value={value}>
            <ReviewPage />
          </FormRuntimeContext.Provider>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('review your answers', () => {
  afterEach(() => answersStore.set({}));

  it('prints every page with a Change link per question to page#key, documents by name, and Submit', () => {
    answersStore.set({ first_name: 'Ada', last_name: 'Lovelace' });
    renderReview();
    expect(screen.getByRole('heading', { level: 1, name: 'Review your answers' })).toBeInTheDocument();
    for (const name of ['1. About You', '2. Your Academics', '3. Final Steps']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const first = screen.getByText('First Name', { selector: 'dt' }).closest('.review__row') as HTMLElement;
    expect(within(first).getByText('Ada')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Change First Name' })).toHaveAttribute('href', '/about#first_name');
    expect(screen.getByText(/Document attached: my-cv\.pdf/)).toBeInTheDocument();
    // Every printed row can be changed.
    expect(screen.getAllByRole('link', { name: /^Change / }).length).toBe(document.querySelectorAll('.review__row').length);
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeInTheDocument();
  });

  // The upload tab prints no row of its own (the document row says it), so the counselor tab is chosen here.
  it('sends a tab group row to its chosen tab', () => {
    renderReview({ ...runtime, tabs: { transcript_source: 'counselor' } });
    const tabLinks = [...document.querySelectorAll('.review__change a')].map((a) => a.getAttribute('href') ?? '');
    expect(tabLinks).toContain('/education-ug#transcript_source-tab-counselor');
    const transcript = screen.getByText('High School Transcript', { selector: 'dt' }).closest('.review__row') as HTMLElement;
    expect(within(transcript).getByText('Sent by the school counselor')).toBeInTheDocument();
  });

  it('calls each row by the name of its answer, not the prompt on screen', () => {
    answersStore.set({ hs_name: 'Austin East High School', act_taken: 'N', act_taken_unsure: 'true' });
    renderReview();
    const school = screen.getByText('High School', { selector: 'dt' }).closest('.review__row') as HTMLElement;
    expect(within(school).getByText('Austin East High School')).toBeInTheDocument();
    expect(within(school).getByRole('link', { name: 'Change High School' })).toHaveAttribute('href', '/education-ug#hs_name');
    expect(screen.getByText('ACT Date Undecided', { selector: 'dt' }).nextElementSibling).toHaveTextContent('[X]');
    const labels = [...document.querySelectorAll('.review__row dt')].map((dt) => dt.textContent);
    expect(labels).not.toContain('Search for Your School');
    expect(labels).not.toContain('ACT Planned Date');
    expect(labels.filter((l) => l === 'High School Transcript')).toHaveLength(1);
    expect(screen.queryByText('Upload my transcript')).toBeNull();
  });
});
