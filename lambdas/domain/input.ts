import { Invalid } from './errors';

/** Body parsing shared by the handlers: plain objects only, no unknown fields, strings where strings are due. */

export function requireObject(raw: unknown, what = 'The request body'): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Invalid(`${what} must be a JSON object.`);
  }
  return raw as Record<string, unknown>;
}

export function rejectUnknownFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw new Invalid(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 5).join(', ')}.`);
  }
}

/** A body of exactly these string fields (missing ones become ''); anything else is refused. */
export function stringFields<K extends string>(raw: unknown, fields: readonly K[], maxLength = 1024): Record<K, string> {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, fields);
  const out = {} as Record<K, string>;
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null) {
      out[field] = '';
    } else if (typeof value !== 'string') {
      throw new Invalid(`${field} must be a string.`, { [field]: [`${field} must be a string.`] });
    } else if (value.length > maxLength) {
      throw new Invalid(`${field} is too long.`, { [field]: [`${field} must be at most ${maxLength} characters.`] });
    } else {
      out[field] = value;
    }
  }
  return out;
}

/** Query parameters: only these, each at most maxLength. */
export function queryFields<K extends string>(raw: Record<string, string>, fields: readonly K[], maxLength = 256): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const value = raw[field];
    if (value === undefined) continue;
    if (value.length > maxLength) throw new Invalid(`The ${field} parameter is too long.`);
    out[field] = value;
  }
  return out;
}
