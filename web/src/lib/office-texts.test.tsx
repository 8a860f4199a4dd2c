import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { officeTexts } from '#form/institution';
import { fakeFetch } from '#web/test/fetch';
import { useOfficeTexts } from './office-texts';
import { createQueryClient } from './query-client';

function Words() {
  const { promises, nextSteps, announcements } = useOfficeTexts();
  return (
    <>
      <p data-testid="promises">{promises}</p>
      <p data-testid="next">{nextSteps}</p>
      <p data-testid="banners">{announcements.map((a) => `${a.id}:${a.message}`).join('|')}</p>
    </>
  );
}

const renderWords = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Words />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the office’s words on the applicant’s pages', () => {
  it('are the built-in ones first, then what the office last saved in Settings', async () => {
    const reply = {
      promises: 'Edited promises.',
      submitted: 'Edited.',
      nextSteps: 'Edited next steps.',
      announcements: [{ id: 'open-day', text: 'Open day', from: '2020-01-01', until: '2099-01-01', urgent: true }],
    };
    const fetchMock = fakeFetch(
      (path) => new Response(JSON.stringify(path === '/public/office-texts' ? reply : {}), { status: path === '/public/office-texts' ? 200 : 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWords();
    expect(await screen.findByText('Edited promises.')).toBeInTheDocument();
    expect(screen.getByTestId('next')).toHaveTextContent('Edited next steps.');
    expect(screen.getByTestId('banners')).toHaveTextContent('open-day:Open day');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/public/office-texts']);
  });

  it('stay the built-in ones when the read fails', async () => {
    const fetchMock = fakeFetch(() => new Response(JSON.stringify({ message: 'Something went wrong.' }), { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWords();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('promises')).toHaveTextContent(officeTexts.promises());
    expect(screen.getByTestId('next')).toHaveTextContent(officeTexts.nextSteps());
  });
});
