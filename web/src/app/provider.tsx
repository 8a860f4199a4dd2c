import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastProvider, useToast } from '../components/Toasts';
import { queryClient, setGeneralErrorHandler } from '../lib/query-client';

/** General query and mutation errors become the "Error" toast. */
function GeneralErrors() {
  const toast = useToast();
  useEffect(() => setGeneralErrorHandler((error) => toast.show({ severity: 'error', title: 'Error', message: error.message })), [toast]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <GeneralErrors />
        {children}
      </ToastProvider>
    </QueryClientProvider>
  );
}
