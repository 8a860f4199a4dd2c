import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider, useToast } from '../components/Toasts';
import { queryClient, setMutationErrorHandler } from '../lib/query-client';

/** General mutation errors become the "Error" toast (000 §8). */
function MutationErrors() {
  const toast = useToast();
  useEffect(() => setMutationErrorHandler((error) => toast.show({ severity: 'error', title: 'Error', message: error.message })), [toast]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MutationErrors />
        {children}
      </ToastProvider>
    </QueryClientProvider>
  );
}
