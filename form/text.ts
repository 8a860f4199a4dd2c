/**
 * What an answer may contain: what a person can type. Line breaks and tabs (text areas) are text;
 * other control characters (NUL, escape sequences, C1 controls) and half of a UTF-16 surrogate
 * pair are not, and no encoder can write the latter to the PDF or an export. The browser drops
 * them as they arrive (a paste), the server refuses them: one rule for both.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this matches
const UNTYPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isTypedText(value: string): boolean {
  return !UNTYPED.test(value);
}

export function withoutUntypedCharacters(value: string): string {
  return value.replace(new RegExp(UNTYPED.source, 'g'), '');
}
