import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/Toasts';
import { chooseLanguage, loadPart } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import { fakeFetch } from '#web/test/fetch';
import { FormRuntimeContext, type FormRuntime } from '../components/form-runtime';
import type { DocumentQuestion } from '../model';
import { FileField, CONVERSION_POLL_MS } from './FileField';

/** The field's own words after a failed upload (the catalog's form.ui.uploadFailedRetry). */
const UPLOAD_FAILED_MESSAGE = 'Your file could not be uploaded. Please try again, or choose a different file.';

const q: DocumentQuestion = { kind: 'question', type: 'file', key: 'resume', label: 'Resume', optional: true };

/** The upload endpoints; the conversion status answers `statuses` in turn (the last repeats). */
function server(statuses: Array<string | { status: string; message: string }>) {
  let polls = 0;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url === '/api/presigned-url') return Response.json({ url: 'http://bucket.test/uploads', fields: { key: 'uploads/me/resume/1' } });
      if (url === 'http://bucket.test/uploads') return new Response(null, { status: 204 });
      if (url === '/api/pdf/document-answer/resume' && method === 'GET') {
        const next = statuses[Math.min(polls++, statuses.length - 1)]!;
        return Response.json(typeof next === 'string' ? { status: next } : next);
      }
      if (url === '/api/document-answer') return Response.json({});
      return Response.json({ message: 'ok' });
    }),
  );
  return { calls, polls: () => polls };
}

function renderField(documents: FormRuntime['documents'] = {}) {
  const runtime = { loggedIn: true, readOnly: false, documents } as unknown as FormRuntime;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <FormRuntimeContext.Provider value={runtime}>
          <FileField q={q} />
        </FormRuntimeContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Resume/), { target: { files: [file] } });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const png = () => new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'scan.png', { type: 'image/png' });

describe('file question upload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('posts the file to the presigned URL without CORS, starts the conversion and polls it every 2 s with the control disabled', async () => {
    const s = server(['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED']);
    renderField();
    choose(png());
    await advance(0);
    expect(s.calls.slice(0, 3)).toEqual(['POST /api/presigned-url', 'POST http://bucket.test/uploads', 'POST /api/pdf/document-answer/resume']);
    const post = vi.mocked(fetch).mock.calls.find(([url]) => url === 'http://bucket.test/uploads')!;
    expect(post[1]?.mode).toBe('no-cors');
    expect(s.polls()).toBe(1);
    expect(screen.getByLabelText(/Resume/)).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Uploading your file' })).toBeInTheDocument();
    await advance(CONVERSION_POLL_MS - 1);
    expect(s.polls()).toBe(1);
    await advance(1);
    expect(s.polls()).toBe(2);
    await advance(CONVERSION_POLL_MS);
    expect(s.polls()).toBe(3);
    await advance(0);
    expect(screen.queryByRole('status', { name: 'Uploading your file' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(10 * CONVERSION_POLL_MS);
    expect(s.polls()).toBe(3);
  });

  it('on FAILED resets the conversion, removes the document and shows "Error uploading file for Resume"', async () => {
    const s = server(['IN_PROGRESS', 'FAILED']);
    renderField();
    choose(png());
    await advance(CONVERSION_POLL_MS + 10);
    expect(s.calls).toContain('DELETE /api/pdf/document-answer/resume');
    expect(s.calls.indexOf('DELETE /api/pdf/document-answer/resume')).toBeLessThan(s.calls.indexOf('DELETE /api/document-answer/resume'));
    expect(screen.getByRole('alert')).toHaveTextContent('Error uploading file for Resume');
    const field = screen.getByLabelText(/Resume/);
    expect(field).toBeEnabled();
    // The field itself keeps the reason and the way on after the toast has gone.
    expect(field).toHaveAccessibleDescription(expect.stringContaining(UPLOAD_FAILED_MESSAGE));
  });

  it("says at the field in the page's language that the upload failed (Spanish)", async () => {
    vi.useRealTimers();
    await chooseLanguage('es');
    await loadPart('form');
    vi.useFakeTimers();
    try {
      server(['IN_PROGRESS', 'FAILED']);
      renderField();
      fireEvent.change(screen.getByLabelText(/Currículum/), { target: { files: [png()] } });
      await advance(CONVERSION_POLL_MS + 10);
      expect(screen.getByLabelText(/Currículum/)).toHaveAccessibleDescription(
        expect.stringContaining('No se pudo cargar su archivo. Inténtelo de nuevo o elija otro archivo.'),
      );
    } finally {
      vi.useRealTimers();
      cleanup();
      await chooseLanguage('en');
    }
  });

  it('says at the field why the server could not convert the file (a password, contents that do not match the extension)', async () => {
    const reason = 'Your PDF is protected by a password. Please remove the password and upload it again.';
    server(['IN_PROGRESS', { status: 'FAILED', message: reason }]);
    renderField();
    choose(png());
    await advance(CONVERSION_POLL_MS + 10);
    expect(screen.getByRole('alert')).toHaveTextContent('Error uploading file for Resume');
    const field = screen.getByLabelText(/Resume/);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining(UPLOAD_FAILED_MESSAGE));
  });

  it('follows a conversion still running when the page opens, and does not show that file as attached yet', async () => {
    const s = server(['IN_PROGRESS', 'COMPLETED']);
    renderField({ resume: { file_name: 'cv.pdf', file_size: 2048, status: 'IN_PROGRESS' } });
    await advance(0);
    expect(screen.getByRole('status', { name: 'Uploading your file' })).toBeInTheDocument();
    expect(screen.queryByText('cv.pdf')).not.toBeInTheDocument();
    await advance(CONVERSION_POLL_MS);
    expect(s.polls()).toBe(2);
    await advance(0);
    expect(screen.queryByRole('status', { name: 'Uploading your file' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(10 * CONVERSION_POLL_MS);
    expect(s.polls()).toBe(2);
  });

  it('shows an attached file with its name and size only once converted', () => {
    server([]);
    renderField({ resume: { file_name: 'cv.pdf', file_size: 2048, status: 'COMPLETED' } });
    expect(screen.getByText('cv.pdf')).toBeInTheDocument();
    expect(screen.getByText(/2\.0 KB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete cv.pdf' })).toBeInTheDocument();
  });

  it('leaves a lost session during a delete to the session handling, without an error toast of its own', async () => {
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch((url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') deletes.push(url);
        return Response.json({ message: 'Unauthorized' }, { status: 401 });
      }),
    );
    renderField({ resume: { file_name: 'cv.pdf', file_size: 2048, status: 'COMPLETED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete cv.pdf' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete file' })).getByRole('button', { name: 'Delete' }));
    await advance(0);
    expect(deletes).toEqual(['/api/pdf/document-answer/resume']);
    expect(screen.queryByText('Error', { selector: '.toast__title' })).not.toBeInTheDocument();
  });

  it('checks the file first and sends nothing for one the rules refuse', async () => {
    const s = server(['COMPLETED']);
    renderField();
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await advance(0);
    expect(screen.getByText('You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx')).toBeInTheDocument();
    expect(s.calls).toEqual([]);
  });
});
