import { CONVERSION_MESSAGES } from './files';

export type FailureReason = keyof typeof CONVERSION_MESSAGES;

/** A file that cannot become a PDF, with the reason the applicant is told. */
export class ConversionFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly detail?: string,
  ) {
    super(CONVERSION_MESSAGES[reason]);
    this.name = 'ConversionFailure';
  }
}

/** pdf-lib and others throw plain strings for some bad input: every thrown value becomes an Error here. */
export function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown)));
}

/** Runs a parse step; anything it throws means the file is unreadable. */
export async function parseOrFail<T>(step: () => Promise<T> | T, reason: FailureReason = 'corrupt'): Promise<T> {
  try {
    return await step();
  } catch (thrown) {
    if (thrown instanceof ConversionFailure) throw thrown;
    throw new ConversionFailure(reason, asError(thrown).message);
  }
}
