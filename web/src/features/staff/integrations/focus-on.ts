import { useEffect, useRef } from 'react';

/** Focus to a heading once `when` is set (the panel of a new secret, the list after a revocation). */
export function useFocusOn<T extends HTMLElement>(when: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
