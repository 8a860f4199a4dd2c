/**
 * What the application PDF can print: the characters its fonts draw (Open Sans; Noto Sans, SC,
 * JP, KR, Arabic, Hebrew, Devanagari, Thai: lambdas/adapters/renderer/fonts.ts). An answer with
 * anything else (another script, an emoji, a Han character too rare for the fonts) would come
 * out blank in the record of submission, so the form refuses it at the field, saying which
 * characters. The table is generated from the fonts themselves (`tsx scripts/print-fonts.ts
 * --coverage`), and a test fails when it no longer matches them.
 *
 * The table (about 4 kB compressed) is not imported here: `printable-ranges.ts` hands it over
 * when it is loaded. The server loads it with the submit rules (lambdas/domain/submission.ts);
 * the browser fetches it beside the form pages instead of inside them, and until it has
 * arrived lets every character through (the server's check at submit still applies).
 */

/** Text layout, not glyphs: present in answers, absent from fonts' character maps. */
const LAYOUT = new Set([0x09, 0x0a, 0x0d, 0x200c, 0x200d]);

let encoded: string | undefined;
let starts: Uint32Array | undefined;
let ends: Uint32Array | undefined;

/** Called by printable-ranges.ts when it loads. */
export function providePrintableRanges(table: string): void {
  encoded = table;
  starts = undefined;
  ends = undefined;
}

/** The ranges travel as base-36 pairs: the gap from the previous range's end, then the length - 1. */
function decode(table: string): void {
  const pairs = table.split(',');
  starts = new Uint32Array(pairs.length);
  ends = new Uint32Array(pairs.length);
  let previous = 0;
  pairs.forEach((pair, i) => {
    const [gap, extra] = pair.split('.');
    const start = previous + parseInt(gap as string, 36);
    const end = start + (extra ? parseInt(extra, 36) : 0);
    starts![i] = start;
    ends![i] = end;
    previous = end;
  });
}

export function isPrintableCodePoint(c: number): boolean {
  if (c < 0x7f && c >= 0x20) return true;
  if (LAYOUT.has(c) || encoded === undefined) return true;
  if (!starts) decode(encoded);
  let lo = 0;
  let hi = starts!.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < starts![mid]!) hi = mid - 1;
    else if (c > ends![mid]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The distinct characters of `value` the PDF cannot print, in order of appearance. */
export function unprintableCharacters(value: string): string[] {
  const found: string[] = [];
  for (const ch of value) {
    if (!isPrintableCodePoint(ch.codePointAt(0) as number) && !found.includes(ch)) found.push(ch);
  }
  return found;
}

/** The field's message, naming (up to five of) the characters. */
export function unprintableMessage(value: string): string | undefined {
  const chars = unprintableCharacters(value);
  if (chars.length === 0) return undefined;
  const shown = chars
    .slice(0, 5)
    .map((c) => `“${c}”`)
    .join(', ');
  return `Your application PDF cannot print ${chars.length === 1 ? 'this character' : 'these characters'}: ${shown}${chars.length > 5 ? ' …' : ''}. Please write it another way, for example in Latin letters.`;
}
