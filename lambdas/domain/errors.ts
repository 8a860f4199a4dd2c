/**
 * Typed errors of the domain. One middleware (middleware/errors.ts) maps them to HTTP;
 * anything else becomes a 500 carrying only GENERIC_ERROR_MESSAGE.
 */
import { ALREADY_SUBMITTED_MESSAGE, SESSION_INVALID_MESSAGE } from '#form/contract';
import type { LanguageCode } from '#form/i18n/languages';

export { GENERIC_ERROR_MESSAGE } from '#form/contract';

export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** Extra JSON fields for the response body besides `message`. */
  readonly extra: Record<string, unknown> = {};
  /** Response headers the refusal carries (a rate limit's Retry-After). */
  readonly headers: Record<string, string> = {};
  /**
   * The message in the request's language (middleware/language.ts), for words built from values
   * each language says its own way (a date, a list of rounds: issue 41); without it, the English
   * message is found in the catalog by its words.
   */
  inLanguage?: (language: LanguageCode) => string;
}

/** A message in each language: the catalog's words with the values said in that language. */
type Worded = (language: LanguageCode) => string;

/** 400: the request itself is wrong (shape, types, values). */
export class Invalid extends DomainError {
  readonly status = 400;
  constructor(
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    if (errors) this.extra.errors = errors;
  }
}

/** 401: no session, or one that cannot be verified. */
export class Unauthorized extends DomainError {
  readonly status = 401;
  constructor(message = SESSION_INVALID_MESSAGE) {
    super(message);
  }
}

/** 403: a verified caller asking for something that is not theirs. */
export class Forbidden extends DomainError {
  readonly status = 403;
}

export class NotFound extends DomainError {
  readonly status = 404;
}

/** 409: the request conflicts with the current state (e.g. answers after submission); its words, or its words in each language (English's thrown). */
export class Conflict extends DomainError {
  readonly status = 409;
  constructor(message: string | Worded) {
    super(typeof message === 'string' ? message : message('en'));
    if (typeof message !== 'string') this.inLanguage = message;
  }
}

/** 409: the application is submitted, so nothing it is made of may change (one message for every part). */
export class ApplicationLocked extends Conflict {
  constructor() {
    super(ALREADY_SUBMITTED_MESSAGE);
  }
}

export class PayloadTooLarge extends DomainError {
  readonly status = 413;
  constructor(message = 'The request is too large.') {
    super(message);
  }
}

export class UnsupportedMediaType extends DomainError {
  readonly status = 415;
  constructor(message = 'Requests must be sent as JSON in UTF-8 (Content-Type: application/json).') {
    super(message);
  }
}

/** 422: the application cannot be submitted; `problems` per question key. */
export class SubmissionProblems extends DomainError {
  readonly status = 422;
  constructor(
    readonly problems: FieldErrors,
    message = "We're missing some information!",
  ) {
    super(message);
    this.extra.problems = problems;
  }
}

/** 429: too many attempts (identity provider limits, lookups). */
export class TooManyRequests extends DomainError {
  readonly status = 429;
}
