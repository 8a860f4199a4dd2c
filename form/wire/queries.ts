/** Query inputs of the light routes: the application PDF's retry and a temporary answer set's token. */
import { InputError, queryFields, queryInput } from './input';

/** GET /api/pdf takes one optional parameter: `retry=1`, the completion page's "Try again". */
export const readApplicationPdfInput = queryInput<{ retry?: '1' }>()((raw): { retry: boolean } => {
  for (const key of Object.keys(raw)) {
    if (key !== 'retry') throw new InputError(`Unknown parameter "${key.slice(0, 32)}".`);
  }
  if (raw.retry !== undefined && raw.retry !== '1') throw new InputError('retry must be 1 when given.');
  return { retry: raw.retry === '1' };
});

/** GET /public/tmp?token=: the token is required (checked by the handler, which answers 400 without it). */
export const readTemporaryAnswersInput = queryInput<{ token: string }>()((raw) => queryFields(raw, ['token'] as const));
