import { useState } from 'react';

/**
 * A field's own copy of its answer while it is being typed, which starts as the stored answer
 * and follows it whenever the stored answer changes from elsewhere (a change rule clearing it, a
 * lookup filling it, a save conflict resolved), when `follows` accepts the new value. The change
 * is noticed while rendering, so the field never shows the old text for a frame.
 */
export function useDraft(stored: string, follows: (stored: string) => boolean = () => true) {
  const [draft, setDraft] = useState(stored);
  const [seen, setSeen] = useState(stored);
  if (stored !== seen) {
    setSeen(stored);
    if (follows(stored)) setDraft(stored);
  }
  return [draft, setDraft] as const;
}
