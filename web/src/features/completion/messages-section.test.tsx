import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicantMessage } from '#form/wire/messages';
import { createQueryClient } from '#web/lib/query-client';
import { expectNoAxeViolations } from '#web/test/axe';
import { fakeFetch } from '#web/test/fetch';
import { MessagesPage } from './components/MessagesPage';
import { MessagesSection } from './components/MessagesSection';

configure({ asyncUtilTimeout: 5000 });

function serve(messages: ApplicantMessage[]) {
  vi.stubGlobal(
    'fetch',
    fakeFetch((path) => (path === '/api/messages' ? new Response(JSON.stringify({ messages }), { status: 200 }) : new Response('{}', { status: 404 }))),
  );
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <main>
        <h1>Your application</h1>
        <MessagesSection />
      </main>
    </QueryClientProvider>,
  );
  return container;
}

describe('the Messages section of the status page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each message the office sent, newest first, its text behind a disclosure (a native summary: focusable, opened by the keyboard in a browser)', async () => {
    serve([
      { id: 'm2', subject: 'Your deadline is near', text: 'Dear Ada,\n\nYour application still needs: Essay.', sent_at: '2026-11-22T15:00:00.000Z' },
      { id: 'm1', subject: 'Welcome', text: 'Dear Ada,', sent_at: '2026-11-02T15:00:00.000Z' },
    ]);
    const section = await screen.findByRole('region', { name: 'Messages' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Your deadline is near', 'Welcome']);
    const user = userEvent.setup();
    await user.click(within(items[0]!).getByText('Read the message'));
    expect(within(items[0]!).getByText(/Your application still needs: Essay\./)).toBeVisible();
    await expectNoAxeViolations('the Messages section');
  });

  it('shows nothing before the office has sent a message', async () => {
    const container = serve([]);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('the Messages page of the account menu (before submission too)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function page(messages: ApplicantMessage[]) {
    vi.stubGlobal(
      'fetch',
      fakeFetch((path) => (path === '/api/messages' ? new Response(JSON.stringify({ messages }), { status: 200 }) : new Response('{}', { status: 404 }))),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <main>
            <MessagesPage />
          </main>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('lists every message under the page’s own heading, and leads back to the application', async () => {
    page([
      { id: 'm1', subject: 'Early Action closes in a week', text: 'Dear Ada,\n\nYour application is due on 1 November.', sent_at: '2026-10-25T15:00:00.000Z' },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('heading', { level: 2 }).textContent).toBe('Early Action closes in a week');
    expect(screen.getByRole('link', { name: 'Back to your application' })).toHaveAttribute('href', '/about');
    expect(document.title).toBe('Messages | Application');
    await expectNoAxeViolations('the Messages page');
  });

  it('says so when the office has not written yet', async () => {
    page([]);
    expect(await screen.findByText(/No messages yet\./)).toBeInTheDocument();
    await expectNoAxeViolations('the Messages page without messages');
  });
});
