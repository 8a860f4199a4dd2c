/**
 * Secrets that travel in addresses stay out of log lines: a staff-issued `?token=` link (valid
 * for weeks), the print view's `?service_token=`, a reset link's code (`?id=`) and address
 * (`username=`). They can reach a log inside an error (Chromium's navigation errors name the URL
 * they failed to load, an SDK error may quote a request), so every string the logger writes,
 * messages and stacks included, passes through here and those parameters' values are replaced.
 */

/** Query parameters whose values are secrets or personal data (lower case). */
export const SECRET_QUERY_PARAMETERS = ['token', 'service_token', 'id', 'code', 'username', 'access_token', 'id_token', 'refresh_token'] as const;

const PARAMETER = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

export const REDACTED = '[redacted]';

/** The text with the value of every secret query parameter replaced. */
export function redactUrlSecrets(text: string): string {
  return text.replace(PARAMETER, `$1${REDACTED}`);
}

/** A JSON replacer for the logger: strings are redacted wherever they sit in a log entry. */
export function redactingReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? redactUrlSecrets(value) : value;
}
