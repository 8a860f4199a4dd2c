import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { genericErrorMessage } from '#web/lib/messages';
import { createQueryClient } from '#web/lib/query-client';
import { fakeFetch } from '#web/test/fetch';
import { CompletionPage } from './components/CompletionPage';

/** GET /api/pdf answers these statuses in turn (the last one repeats). */
function pdfServer(statuses: { status: string; url?: string }[]) {
  let i = 0;
  const fetchMock = fakeFetch((path) => {
    if (path !== '/api/pdf' && path !== '/api/pdf?retry=1') return new Response('{}', { status: 404 });
    const body = statuses[Math.min(i++, statuses.length - 1)];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The reads of the PDF's state among the page's requests (it also reads the office's words, once). */
const pdfReads = (fetchMock: ReturnType<typeof pdfServer>) => fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/pdf')).length;

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CompletionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('completion page PDF', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls every second while the PDF is prepared, then every ten minutes once it is ready', async () => {
    const fetchMock = pdfServer([{ status: 'UNPROCESSED' }, { status: 'IN_PROGRESS' }, { status: 'COMPLETED', url: 'http://files.example/app.pdf' }]);
    renderPage();
    await advance(0);
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your PDF');
    expect(pdfReads(fetchMock)).toBe(1);
    await advance(1000);
    expect(pdfReads(fetchMock)).toBe(2);
    await advance(1000);
    expect(pdfReads(fetchMock)).toBe(3);
    await advance(20);
    expect(screen.getByRole('link', { name: 'Download my application (PDF)' })).toHaveAttribute('href', '/api/pdf/download');
    await advance(598_000);
    expect(pdfReads(fetchMock)).toBe(3);
    await advance(2000);
    expect(pdfReads(fetchMock)).toBe(4);
  });

  it('links to the download route, which signs anew on each click: a click renews the session, then follows the link', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch((path) => {
        paths.push(path);
        return new Response(JSON.stringify(path === '/api/pdf' ? { status: 'COMPLETED', url: 'http://files.example/signed.pdf' } : {}), { status: 200 });
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage();
    await advance(20);
    const link = screen.getByRole('link', { name: 'Download my application (PDF)' });
    // Long after any signed link would have expired, the page's link is still the route.
    await advance(60 * 60_000);
    fireEvent.click(link);
    await advance(20);
    expect(paths.filter((p) => p === '/public/refresh')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/api/pdf/download');
  });

  it('shows the generic error when the PDF failed, then polls only every ten minutes', async () => {
    const fetchMock = pdfServer([{ status: 'FAILED' }]);
    renderPage();
    await advance(0);
    expect(screen.getByRole('alert', { name: 'PDF Error' })).toHaveTextContent(genericErrorMessage());
    expect(screen.queryByRole('link', { name: /Download my application/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Preparing your PDF/)).not.toBeInTheDocument();
    expect(pdfReads(fetchMock)).toBe(1);
    await advance(599_000);
    expect(pdfReads(fetchMock)).toBe(1);
    await advance(1_000);
    expect(pdfReads(fetchMock)).toBe(2);
  });

  it('asks for exactly one new render when the applicant presses Try again, then follows it', async () => {
    const paths: string[] = [];
    const answers: Record<string, { status: string; url?: string }[]> = {
      '/api/pdf': [{ status: 'FAILED' }, { status: 'IN_PROGRESS' }, { status: 'COMPLETED', url: 'http://files.example/again.pdf' }],
      '/api/pdf?retry=1': [{ status: 'UNPROCESSED' }],
    };
    vi.stubGlobal(
      'fetch',
      fakeFetch((path) => {
        paths.push(path);
        const queue = answers[path];
        if (!queue) return new Response('{}', { status: 404 });
        return new Response(JSON.stringify(queue.length > 1 ? queue.shift() : queue[0]), { status: 200 });
      }),
    );
    renderPage();
    await advance(0);
    const again = screen.getByRole('button', { name: 'Try again' });
    fireEvent.click(again);
    fireEvent.click(again);
    await advance(0);
    expect(paths.filter((p) => p === '/api/pdf?retry=1')).toHaveLength(1);
    expect(screen.queryByRole('alert', { name: 'PDF Error' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your PDF');
    // Back to polling every second while the new render runs.
    await advance(1000);
    await advance(1000);
    await advance(20);
    expect(screen.getByRole('link', { name: 'Download my application (PDF)' })).toHaveAttribute('href', '/api/pdf/download');
    expect(paths.filter((p) => p.startsWith('/api/pdf'))).toEqual(['/api/pdf', '/api/pdf?retry=1', '/api/pdf', '/api/pdf']);
  });

  it('keeps the error and says to wait when the server does not render again yet', async () => {
    const fetchMock = pdfServer([{ status: 'FAILED' }]);
    renderPage();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(pdfReads(fetchMock)).toBe(2);
    expect(screen.getByRole('alert', { name: 'PDF Error' })).toHaveTextContent(genericErrorMessage());
    expect(screen.getByText(/try again in a few minutes/i)).toBeInTheDocument();
    await advance(590_000);
    expect(pdfReads(fetchMock)).toBe(2);
  });
});
