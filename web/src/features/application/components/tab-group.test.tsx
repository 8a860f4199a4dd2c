import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/Toasts';
import { createQueryClient } from '#web/lib/query-client';
import { markUploading } from '../documents-state';
import { tabGroups, type TabGroupNode } from '../model';
import { FormRuntimeContext, type FormRuntime, type TabSwitch } from './form-runtime';
import { TabGroup } from './TabGroup';
import { testRuntime } from './test-runtime';

/** The real transcript tab group of the education page. */
function transcriptGroup(): TabGroupNode {
  const group = tabGroups.get('transcript_source');
  if (!group) throw new Error('no tab group transcript_source');
  return group;
}

function renderGroup(chooseTab: FormRuntime['chooseTab'], loggedIn = true, documents: FormRuntime['documents'] = {}) {
  const runtime = testRuntime({ loggedIn, chooseTab, documents });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <FormRuntimeContext.Provider value={runtime}>
          <TabGroup node={transcriptGroup()} />
        </FormRuntimeContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => markUploading('hs_transcript', false));

describe('tab groups', () => {
  it('save the choice through the runtime', async () => {
    const chooseTab = vi.fn((): Promise<TabSwitch> => Promise.resolve('switched'));
    renderGroup(chooseTab);
    const counselor = screen.getByRole('tab', { name: 'My counselor will send it' });
    fireEvent.click(counselor);
    expect(chooseTab).toHaveBeenCalledWith('transcript_source', 'counselor');
    // The tabs are disabled while the choice is saved, and enabled again once it is.
    expect(counselor).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(counselor).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByRole('dialog', { name: 'File Upload in Progress' })).not.toBeInTheDocument();
  });

  it('refuse to leave a tab while its file uploads in this page, without asking the server', () => {
    const chooseTab = vi.fn((): Promise<TabSwitch> => Promise.resolve('switched'));
    renderGroup(chooseTab);
    markUploading('hs_transcript', true);
    fireEvent.click(screen.getByRole('tab', { name: 'My counselor will send it' }));
    const dialog = screen.getByRole('dialog', { name: 'File Upload in Progress' });
    expect(dialog).toHaveTextContent('Please wait until the file upload has completed.');
    expect(chooseTab).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'File Upload in Progress' })).not.toBeInTheDocument();
  });

  it('show the same dialog when the server still reports the conversion as running', async () => {
    renderGroup(() => Promise.resolve('blocked'));
    fireEvent.click(screen.getByRole('tab', { name: 'My counselor will send it' }));
    expect(await screen.findByRole('dialog', { name: 'File Upload in Progress' })).toBeInTheDocument();
  });

  it('ask before leaving a tab whose file is attached, and switch only on yes', async () => {
    const chooseTab = vi.fn((): Promise<TabSwitch> => Promise.resolve('switched'));
    renderGroup(chooseTab, true, { hs_transcript: { file_name: 'transcript.pdf', file_size: 2048, status: 'COMPLETED' } });
    fireEvent.click(screen.getByRole('tab', { name: 'My counselor will send it' }));
    const ask = screen.getByRole('dialog', { name: 'Remove your file?' });
    expect(ask).toHaveTextContent('Choosing “My counselor will send it” removes transcript.pdf from your application.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(chooseTab).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('tab', { name: 'My counselor will send it' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove your file?' })).getByRole('button', { name: 'Remove and switch' }));
    expect(chooseTab).toHaveBeenCalledWith('transcript_source', 'counselor');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My counselor will send it' })).not.toHaveAttribute('aria-disabled'));
  });

  it('show a visitor only the default tab, with no tab controls', () => {
    renderGroup(() => Promise.resolve('switched'), false);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText('This question can be finished once you have created an account.', { exact: false })).toBeInTheDocument();
  });
});
