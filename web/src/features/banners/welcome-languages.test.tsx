/**
 * The institution's texts in the applicant's language (issue 41, item 2): the welcome panel's
 * promises as the configuration gives them in Spanish and Arabic, switched without a reload; the
 * office's own words from Settings, which are single-language, shown as the office wrote them.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { officeTexts } from '#form/institution';
import { chooseLanguage } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import { resetSnapshot } from '#web/lib/session';
import { fakeFetch } from '#web/test/fetch';
import { WelcomeBanner } from './Banners';

/** GET /public/office-texts answering `promises` (the file's words unless the office edited them). */
function officeAnswers(promises: string) {
  const reply = { promises, submitted: officeTexts.submitted(), nextSteps: officeTexts.nextSteps(), announcements: [] };
  vi.stubGlobal(
    'fetch',
    fakeFetch((path) => new Response(JSON.stringify(path === '/public/office-texts' ? reply : {}), { status: path === '/public/office-texts' ? 200 : 404 })),
  );
}

function renderWelcome() {
  resetSnapshot();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/about']}>
        <WelcomeBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => chooseLanguage('en'));
});

describe("the welcome panel's promises", () => {
  it('are in Spanish when Español is chosen, in Arabic, then English again, without a reload', async () => {
    officeAnswers(officeTexts.promises());
    await act(() => chooseLanguage('es'));
    renderWelcome();
    // After the office's words arrive too: unedited, they are the file's, found in Spanish.
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(await screen.findByText(/Sin cuota de solicitud, sin ensayo, una decisión de admisión prioritaria/)).toBeInTheDocument();
    await act(() => chooseLanguage('ar'));
    expect(screen.getByText(/لا رسوم للتقديم، ولا مقال/)).toBeInTheDocument();
    await act(() => chooseLanguage('en'));
    expect(screen.getByText(/No application fee, no essay, a priority admission decision/)).toBeInTheDocument();
  });

  it('stay as the office wrote them in Settings, in any language', async () => {
    officeAnswers('This year: no fee at all.');
    await act(() => chooseLanguage('es'));
    renderWelcome();
    expect(await screen.findByText(/This year: no fee at all\./)).toBeInTheDocument();
    expect(screen.queryByText(/Sin cuota de solicitud/)).toBeNull();
  });
});
