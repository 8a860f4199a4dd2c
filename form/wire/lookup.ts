/** Input of GET /lookup/find: a search (`?text=&category=&max_results=`) or one record (`?id=&category=`). */
import { InputError, queryInput } from './input';

/** The autocomplete categories the web app asks for. */
export const CATEGORIES = ['hs_ceeb', 'college_ceeb', 'address'] as const;
export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export function parseCategory(value: string | undefined): Category {
  if (value === undefined || value === '') {
    throw new InputError(`The category is required: one of ${CATEGORIES.join(', ')}.`);
  }
  if (!isCategory(value)) {
    throw new InputError(`Unknown lookup category "${value.slice(0, 40)}": use one of ${CATEGORIES.join(', ')}.`);
  }
  return value;
}

/** The web app never asks for more than five; larger values are capped, not refused. */
export const MAX_RESULTS = 5;
/** Far above any school name; refusing longer text bounds the work one public request can cause. */
export const MAX_TEXT_LENGTH = 100;
/** Dataset ids are short; Amazon Location place ids are opaque strings of a few hundred characters. */
export const MAX_ID_LENGTH = 1024;

export type FindQuery = { kind: 'search'; category: Category; text: string; maxResults: number } | { kind: 'record'; category: Category; id: string };

function parseMaxResults(raw: string | undefined): number {
  if (raw === undefined || raw === '') return MAX_RESULTS;
  if (!/^\d{1,6}$/.test(raw.trim())) throw new InputError('max_results must be a whole number from 1 to 5.');
  const n = Number(raw.trim());
  if (n < 1) throw new InputError('max_results must be a whole number from 1 to 5.');
  return Math.min(n, MAX_RESULTS);
}

export function parseFindQuery(raw: unknown): FindQuery {
  const q = (raw ?? {}) as Record<string, string | undefined>;
  const category = parseCategory(q.category);
  const { text, id } = q;
  if (text !== undefined && id !== undefined) throw new InputError('Send either text (to search) or id (to fetch a record), not both.');
  if (id !== undefined) {
    if (id.trim() === '') throw new InputError('id must not be empty.');
    if (id.length > MAX_ID_LENGTH) throw new InputError(`id is longer than ${MAX_ID_LENGTH} characters.`);
    return { kind: 'record', category, id: id.trim() };
  }
  if (text === undefined) throw new InputError('Send text (to search) or id (to fetch a record).');
  if (text.length > MAX_TEXT_LENGTH) throw new InputError(`text is longer than ${MAX_TEXT_LENGTH} characters.`);
  return { kind: 'search', category, text, maxResults: parseMaxResults(q.max_results) };
}

export type FindLookupQuery = { category: Category; text: string; max_results?: string } | { category: Category; id: string };
export const findLookupInput = queryInput<FindLookupQuery>()(parseFindQuery);
