import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as english } from '#form/i18n/compiled/en';
import { messages as spanish } from '#form/i18n/compiled/es';
import { messages as spanishStatus } from '#form/i18n/compiled/status/es';
import { activateLoaded } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import { fakeFetch } from '#web/test/fetch';
import type { ChecklistItem } from './api/checklist-api';
import { MaterialsChecklist } from './components/MaterialsChecklist';

// The first render pays the module's start on a busy machine: more than the default second.
configure({ asyncUtilTimeout: 5000 });

function serve(items: ChecklistItem[]) {
  vi.stubGlobal(
    'fetch',
    fakeFetch((path) => (path === '/api/checklist' ? new Response(JSON.stringify({ items }), { status: 200 }) : new Response('{}', { status: 404 }))),
  );
}

function renderList(stage?: 'pending' | 'open' | 'final') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MaterialsChecklist stage={stage} />
    </QueryClientProvider>,
  );
}

describe('the materials checklist', () => {
  afterEach(() => vi.unstubAllGlobals());

  const awaited: ChecklistItem[] = [
    { id: 'transcript', label: 'High school transcript', state: 'awaiting', note: 'Upload it here.', uploadKey: 'hs_transcript' },
  ];

  it('after an admit or a denial: what is awaited is no longer needed, and nothing more is asked', async () => {
    serve(awaited);
    renderList('final');
    const transcript = (await screen.findByRole('heading', { name: 'High school transcript' })).closest('li') as HTMLElement;
    expect(within(transcript).getByText('No longer needed')).toBeInTheDocument();
    expect(within(transcript).queryByLabelText(/Add your/)).toBeNull();
    expect(within(transcript).queryByText('Upload it here.')).toBeNull();
  });

  it('after a waitlist place or a deferral: what is awaited is still needed, and can still be sent', async () => {
    serve(awaited);
    renderList('open');
    const transcript = (await screen.findByRole('heading', { name: 'High school transcript' })).closest('li') as HTMLElement;
    expect(within(transcript).getByText('Still needed')).toBeInTheDocument();
    expect(within(transcript).getByLabelText('Add your high school transcript')).toBeInTheDocument();
  });

  it('shows each item received with its date, awaiting with its note, or not required, and offers uploads for accepted ones', async () => {
    serve([
      { id: 'transcript', label: 'High school transcript', state: 'received', receivedAt: '2026-11-02T15:00:00.000Z', fileName: 'transcript.pdf' },
      { id: 'test_scores', label: 'Official test scores (SAT or ACT)', state: 'awaiting', note: 'Send them.' },
      { id: 'resume', label: 'Résumé', state: 'not_required', note: 'You may still send it.', uploadKey: 'resume' },
    ]);
    renderList();
    const transcript = (await screen.findByRole('heading', { name: 'High school transcript' })).closest('li') as HTMLElement;
    expect(within(transcript).getByText('Received November 2, 2026')).toBeInTheDocument();
    expect(within(transcript).getByText('transcript.pdf')).toBeInTheDocument();
    expect(within(transcript).queryByLabelText(/Add your/)).toBeNull();
    const scores = screen.getByRole('heading', { name: 'Official test scores (SAT or ACT)' }).closest('li') as HTMLElement;
    expect(within(scores).getByText('Awaiting')).toBeInTheDocument();
    const resume = screen.getByRole('heading', { name: 'Résumé' }).closest('li') as HTMLElement;
    expect(within(resume).getByText('Not required')).toBeInTheDocument();
    expect(within(resume).getByLabelText('Add your résumé')).toHaveAttribute('type', 'file');
  });

  it('shows a material still converting, and disables its upload meanwhile', async () => {
    serve([
      { id: 'resume', label: 'Résumé', state: 'not_required', uploadKey: 'resume', supplement: { file_name: 'cv.png', file_size: 10, status: 'IN_PROGRESS' } },
    ]);
    renderList();
    expect(await screen.findByText(/Converting cv\.png/)).toBeInTheDocument();
    expect(screen.getByLabelText('Add your résumé')).toBeDisabled();
  });

  it('shows what the office marked: received on its day (a calendar day, not moved by the clock), or waived without its note', async () => {
    serve([
      { id: 'transcript', label: 'High school transcript', state: 'received', receivedAt: '2026-11-20', note: 'Your counselor will send it.' },
      { id: 'test_scores', label: 'Official test scores (SAT or ACT)', state: 'waived' },
    ]);
    renderList();
    const transcript = (await screen.findByRole('heading', { name: 'High school transcript' })).closest('li') as HTMLElement;
    expect(within(transcript).getByText('Received November 20, 2026')).toBeInTheDocument();
    expect(within(transcript).queryByText('Awaiting')).toBeNull();
    const scores = screen.getByRole('heading', { name: 'Official test scores (SAT or ACT)' }).closest('li') as HTMLElement;
    expect(within(scores).getByText('Waived by the admissions office')).toBeInTheDocument();
  });

  it("names the material of an upload in the applicant's language, as its heading does (issue 41)", async () => {
    activateLoaded('es', { ...spanish, ...spanishStatus }, { 'High school transcript': 'Certificado de estudios de secundaria' });
    try {
      serve(awaited);
      renderList();
      await screen.findByRole('heading', { name: 'Certificado de estudios de secundaria' });
      expect(screen.getByLabelText('Agregar: certificado de estudios de secundaria')).toHaveAttribute('type', 'file');
    } finally {
      activateLoaded('en', english);
    }
  });
});
