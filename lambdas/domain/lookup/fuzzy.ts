/**
 * One-typo tolerance: a substitution, an insertion, a deletion or a swap of two neighbouring
 * letters (Damerau's four), checked in one linear pass without building a distance matrix,
 * because the index runs this against its whole vocabulary on every keystroke.
 */

/** Shorter query words must match exactly: at four letters one edit reaches too many words ("lake" → bake, lace, like) to mean a typo. */
export const MIN_TYPO_LENGTH = 5;

/** True when `a` and `b[0..bLen)` are at most one edit apart (identical counts). */
function withinOneEditOfSlice(a: string, b: string, bLen: number): boolean {
  const aLen = a.length;
  if (Math.abs(aLen - bLen) > 1) return false;
  let i = 0;
  while (i < aLen && i < bLen && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === aLen && i === bLen) return true;
  if (aLen === bLen) {
    // Substitution: the rest must agree after skipping one letter in both.
    if (restEqual(a, i + 1, b, i + 1, bLen)) return true;
    // Transposition of neighbours: "lincnol" for "lincoln".
    return i + 1 < aLen && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && restEqual(a, i + 2, b, i + 2, bLen);
  }
  // Insertion or deletion: skip one letter in the longer string.
  return aLen > bLen ? restEqual(a, i + 1, b, i, bLen) : restEqual(a, i, b, i + 1, bLen);
}

function restEqual(a: string, ai: number, b: string, bi: number, bLen: number): boolean {
  if (a.length - ai !== bLen - bi) return false;
  while (ai < a.length) {
    if (a.charCodeAt(ai) !== b.charCodeAt(bi)) return false;
    ai++;
    bi++;
  }
  return true;
}

export function withinOneEdit(a: string, b: string): boolean {
  return withinOneEditOfSlice(a, b, b.length);
}

/**
 * True when some prefix of `word` is within one edit of `query`: the user is still typing, so
 * "linclo" should reach "lincoln". The candidate prefixes are the ones of length |q|-1..|q|+1.
 */
export function prefixWithinOneEdit(query: string, word: string): boolean {
  const q = query.length;
  for (let len = q - 1; len <= q + 1; len++) {
    if (len < 1 || len > word.length) continue;
    if (withinOneEditOfSlice(query, word, len)) return true;
  }
  return false;
}
