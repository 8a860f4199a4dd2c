import { useEffect } from 'react';

/** Each staff screen names itself in the title; "Error: " leads while a form shows errors (GOV.UK). */
export function useStaffTitle(name: string, hasErrors = false): void {
  useEffect(() => {
    document.title = `${hasErrors ? 'Error: ' : ''}${name} | Admissions office`;
  }, [name, hasErrors]);
}
