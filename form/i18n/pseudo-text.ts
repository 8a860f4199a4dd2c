/**
 * The pseudo-locale's words (issue 41, item 5): a module of its own, so that the web app's
 * pseudo-locale words the institution's texts the same way the catalog's compiler words the
 * catalog, without carrying the compiler.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ'].map((c, i) => [c, [...'åƀçđéĝĥîķļñöŕšţûŵýžÅƁÇĐÉĜĤÎĶĻÑÖŔŠŢÛŴÝŽ'][i]!]),
);

/**
 * The pseudo-locale's text: every letter accented (untranslated English stands out) and 40 %
 * longer (a layout that cannot grow breaks), the tags (<0>…</0>) kept as they are.
 */
export function pseudoText(text: string): string {
  const parts = text.split(/(<\/?\d+>)/);
  const letters = parts.filter((_, i) => i % 2 === 0).join('').length;
  const accented = parts.map((p, i) => (i % 2 ? p : [...p].map((c) => ACCENTED[c] ?? c).join(''))).join('');
  return letters === 0 ? accented : `${accented}${'·'.repeat(Math.ceil(letters * 0.4))}`;
}
