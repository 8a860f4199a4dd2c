/**
 * Text normalisation shared by the index and the query, so "St. Mary's", "st marys" and
 * "ST MARY’S" meet in the same tokens: case, accents and punctuation never decide a match.
 */

/** Letters that Unicode decomposition leaves alone but a typist would write in ASCII. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const FOLD_PATTERN = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g');

/**
 * Lower-case ASCII-ish words separated by single spaces. Apostrophes join ("mary's" → "marys")
 * because nobody types them in a search box; every other non-alphanumeric character separates.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLD_PATTERN, (c) => FOLDS[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/['’ʼ`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function tokenize(text: string): string[] {
  const n = normalise(text);
  return n === '' ? [] : n.split(' ');
}

/**
 * Abbreviations written either way in school names. The index files a word under its
 * alternatives too, so a query for "saint" finds "St. Mary's" and "mt" finds "Mount Vernon".
 */
const ALIAS_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['mt', 'mount'],
  ['ft', 'fort'],
  ['hs', 'high'],
  ['sch', 'school'],
  ['acad', 'academy'],
  ['univ', 'university'],
  ['coll', 'college'],
  ['cc', 'community'],
  ['intl', 'international'],
  ['n', 'north'],
  ['s', 'south'],
  ['e', 'east'],
  ['w', 'west'],
];

const ALIASES = new Map<string, string[]>();
for (const [a, b] of ALIAS_PAIRS) {
  ALIASES.set(a, [...(ALIASES.get(a) ?? []), b]);
  ALIASES.set(b, [...(ALIASES.get(b) ?? []), a]);
}

export function aliasesOf(word: string): readonly string[] {
  return ALIASES.get(word) ?? [];
}
