import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client';
import { updateSnapshot } from '#web/lib/session';
import { fakeFetch, sentJson } from '#web/test/fetch';
import { CloseAccountPage } from './components/CloseAccountPage';

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CloseAccountPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Close my account' }));

describe('the close-account page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    updateSnapshot({ web_status: null });
  });

  it("in the account pages' card", () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => new Response('{}', { status: 500 })),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Close your account' }).closest('.account-page')).not.toBeNull();
  });

  it('once submitted, says what stays with the office and what closing would take, and offers no form', () => {
    const fetchMock = fakeFetch(() => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    updateSnapshot({ web_status: 'submitted' });
    document.title = '';
    renderPage();
    const page = screen.getByRole('heading', { level: 1, name: 'Close your account' }).closest('.account-page') as HTMLElement;
    expect(page).toHaveTextContent(/Your submitted application stays with the admissions office/);
    expect(page.textContent).not.toMatch(/every answer|letters already sent|cannot be deleted here/i);
    expect(screen.queryByLabelText('Your current password')).toBeNull();
    expect(document.title).toBe('Close your account | Application');
    expect(screen.getByRole('link', { name: /help@|apply-help@|@/ })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what will be deleted and sends nothing until the password and the confirmation are given', () => {
    const fetchMock = fakeFetch(() => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(screen.getByText(/every document you uploaded/)).toBeInTheDocument();
    submit();
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Enter your current password to close your account.');
    expect(summary).toHaveTextContent(/Tick the box to confirm/);
    expect(summary).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a submitted application in its words", async () => {
    const refusal = 'Your application has been submitted, so … contact the admissions office at help@example.edu.';
    const fetchMock = fakeFetch(() => new Response(JSON.stringify({ message: refusal }), { status: 409 }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'Correct-Horse-42!' } });
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(refusal));
    expect(sentJson(fetchMock.mock.calls[0]?.[1])).toEqual({ password: 'Correct-Horse-42!' });
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('says the account is closed and the applicant signed out after success', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(
        () => new Response(JSON.stringify({ message: 'Your account and everything in it have been deleted. You have been signed out.' }), { status: 200 }),
      ),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'Correct-Horse-42!' } });
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Your account has been closed' });
    expect(screen.getByText(/You have been signed out/)).toBeInTheDocument();
  });
});
