import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastInput } from './Toasts';

function Trigger({ toast }: { toast: ToastInput }) {
  const api = useToast();
  return (
    <button type="button" onClick={() => api.show(toast)}>
      show
    </button>
  );
}

function showToast(toast: ToastInput) {
  render(
    <ToastProvider>
      <Trigger toast={toast} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('close a success toast after 5 seconds', () => {
    showToast({ message: 'Saved.' });
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByText('Saved.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('keep an error toast, titled, for 300 seconds', () => {
    showToast({ severity: 'error', title: 'Error', message: 'Error adding another Activity' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Error adding another Activity');
    act(() => {
      vi.advanceTimersByTime(299_999);
    });
    expect(screen.queryByRole('alert')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('dismiss on a swipe right of more than 50 px, not on a shorter one or a swipe left', () => {
    showToast({ severity: 'error', message: 'Swipe me' });
    const toast = screen.getByRole('alert');
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(toast, { clientX: from });
      fireEvent.pointerMove(toast, { clientX: to });
      fireEvent.pointerUp(toast, { clientX: to });
    };
    swipe(100, 150);
    expect(screen.queryByRole('alert')).toBeInTheDocument();
    swipe(100, 20);
    expect(screen.queryByRole('alert')).toBeInTheDocument();
    swipe(100, 151);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('close with the close button', () => {
    showToast({ message: 'Closable' });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });

  it('move focus to the notifications region on F8', () => {
    showToast({ message: 'Hello' });
    expect(region()).not.toHaveFocus();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(region()).toHaveFocus();
  });

  it("keep each toast's own time: another toast coming or going does not restart it", () => {
    // The hook's latest value, as a component using it would see on each render.
    const { result: api } = renderHook(useToast, { wrapper: ToastProvider });
    // Toasts of different kinds: one of the same kind would replace it.
    act(() => void api.current.show({ message: 'First', kind: 'first' }));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    let second = 0;
    act(() => void (second = api.current.show({ message: 'Second', kind: 'second' })));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    act(() => api.current.dismiss(second));
    act(() => void api.current.show({ severity: 'error', message: 'Third' }));
    // 5 s after it appeared, whatever came and went since.
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByText('First')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.queryByText('Third')).toBeInTheDocument();
  });

  it('replace a shown toast of the same kind instead of stacking: a save that works after one that failed', () => {
    const { result: api } = renderHook(() => useToast(), { wrapper: ToastProvider });
    act(() => void api.current.show({ severity: 'error', title: 'Error', message: 'Could not save.', kind: 'save' }));
    act(() => void api.current.show({ severity: 'error', message: 'Error uploading file for Transcript' }));
    act(() => void api.current.show({ severity: 'success', message: 'Your answers have been saved.', kind: 'save' }));
    expect(screen.queryByText('Could not save.')).not.toBeInTheDocument();
    // Another kind stays.
    expect(screen.getByRole('alert')).toHaveTextContent('Error uploading file for Transcript');
    expect(within(region()).getAllByRole('listitem')).toHaveLength(2);
    // Without a kind, the severity is the kind: a second success replaces the first.
    act(() => void api.current.show({ message: 'First' }));
    act(() => void api.current.show({ message: 'Second' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('come first in the page, so that on a phone a success toast takes its place at the top rather than over the content', () => {
    render(
      <ToastProvider>
        <main>page</main>
      </ToastProvider>,
    );
    const main = screen.getByRole('main');
    expect(region().compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
