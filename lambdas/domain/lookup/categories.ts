import { Invalid } from '../errors';

/** The autocomplete categories the web app asks for. */
export const CATEGORIES = ['hs_ceeb', 'college_ceeb', 'address'] as const;
export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export function parseCategory(value: string | undefined): Category {
  if (value === undefined || value === '') {
    throw new Invalid(`The category is required: one of ${CATEGORIES.join(', ')}.`);
  }
  if (!isCategory(value)) {
    throw new Invalid(`Unknown lookup category "${value.slice(0, 40)}": use one of ${CATEGORIES.join(', ')}.`);
  }
  return value;
}
