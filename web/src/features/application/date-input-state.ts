import { createStore } from '#web/lib/store';

/**
 * Date questions whose input holds something the browser cannot read as a date (an impossible
 * or half-typed one: `validity.badInput`), with the question's own message for it. The stored
 * answer is then empty, so the rules alone would call it missing; this says it is not a date.
 */
export const badDateInputs = createStore<Readonly<Record<string, string[]>>>({});

export function markBadDate(key: string, messages: string[] | undefined): void {
  badDateInputs.set((s) => {
    if (!messages?.length) {
      if (!(key in s)) return s;
      const { [key]: _gone, ...rest } = s;
      return rest;
    }
    return { ...s, [key]: messages };
  });
}
