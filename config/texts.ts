/**
 * The file's texts per language (issue 41; form/institution-text.ts says how they are read). A
 * field the schema types `$defs/text` may be words in the institution's language or a value per
 * language. Compiling keeps every consumer's field one string in the institution's language and
 * gathers the other languages' values into a table each; a language a text lacks is a warning
 * (the applicant sees the institution's words), an unknown language code an error at its path.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '../form/i18n/languages';
import { missingLanguages, OTHER_LANGUAGES, textIn, type TextValue } from '../form/institution-text';
import { letterFindings } from '../form/office-words';
import type { InstitutionSections } from '../form/types';
import type { Finding, Path } from './checks';
import { dotted } from './problems';

/** The schema's definition of a text that may carry a value per language. */
export const TEXT_REF = '#/$defs/text';

interface Node {
  $ref?: string;
  properties?: Record<string, Node>;
  items?: Node;
}

const CODES: readonly string[] = LANGUAGES.map((l) => l.code);
/** A language's name in English, the language of these messages: Spanish, Arabic. */
const englishName = (code: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
const isWords = (value: unknown): value is string => typeof value === 'string' && /\S/.test(value);
const kindOf = (value: unknown) => (Array.isArray(value) ? 'a list' : value === null ? 'empty' : `a ${typeof value}`);

/**
 * What is wrong with a text the schema refused: an empty one, an unknown language code, a
 * language's empty value, English missing, or something that is neither words nor a map.
 * `described` says what the field holds (the schema's description and example).
 */
export function textValueFindings(value: unknown, at: Path, described: (fallback: string) => string): Finding[] {
  const write = described('the words.');
  if (typeof value === 'string') return [{ at, message: 'is empty.', fix: `Write ${write}` }];
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return [{ at, message: `is ${kindOf(value)}, not words.`, fix: `Write ${write} Or one value per language: { en: …, es: …, ar: … }.` }];
  const findings: Finding[] = [];
  for (const [code, words] of Object.entries(value)) {
    if (!CODES.includes(code)) {
      // es-MX, ES, esp: a language the site has, written otherwise (two letters are all "close" to each other).
      const near = CODES.find((c) => code.toLowerCase().startsWith(c));
      findings.push({
        at: [...at, code],
        message: `"${code}" is not a language of the site.`,
        fix: `${near ? `Write ${near}, or ` : 'Write '}one of ${LANGUAGES.map((l) => `${l.code} (${englishName(l.code)})`).join(', ')}.`,
      });
    } else if (!isWords(words)) {
      findings.push({
        at: [...at, code],
        message: typeof words === 'string' ? 'is empty.' : `is ${kindOf(words)}, not words.`,
        fix: code === DEFAULT_LANGUAGE ? `Write ${write}` : `Write the words in ${englishName(code)}, or leave ${code} out to show the English.`,
      });
    }
  }
  if (!(DEFAULT_LANGUAGE in value))
    findings.push({
      at: [...at, DEFAULT_LANGUAGE],
      message: `is missing: ${englishName(DEFAULT_LANGUAGE)} is the institution's language, which the office reads and the other languages fall back to.`,
      fix: `Add ${DEFAULT_LANGUAGE}: ${write}`,
    });
  return findings;
}

interface CompiledTexts {
  /** The file with each text as its words in the institution's language. */
  file: unknown;
  translations: InstitutionSections['translations'];
  /** A text lacking a language: one warning per field and language. */
  missing: Finding[];
  /** Two fields with the same words and different values in a language (a table holds one per words). */
  conflicts: Finding[];
}

/** Walks a file the schema accepted: each `$defs/text` becomes its institution-language words. */
export function compileTexts(data: unknown, schema: Node, resolved: (node: Node) => Node): CompiledTexts {
  const tables = Object.fromEntries(OTHER_LANGUAGES.map((code) => [code, {}])) as Record<LanguageCode, Record<string, string>>;
  const firstAt = new Map<string, Path>();
  const missing: Finding[] = [];
  const conflicts: Finding[] = [];

  const text = (value: TextValue, at: Path): string => {
    const words = textIn(value, DEFAULT_LANGUAGE);
    for (const code of missingLanguages(value))
      missing.push({
        at,
        message: `has no ${englishName(code)} (${code}): an applicant reading ${englishName(code)} sees the English.`,
        fix: `Write it as { en: …, ${code}: … } with the words in ${englishName(code)}.`,
      });
    if (typeof value === 'string') return words;
    for (const code of OTHER_LANGUAGES) {
      const translated = value[code];
      if (translated === undefined) continue;
      const table = tables[code];
      const earlier = table[words];
      if (earlier !== undefined && earlier !== translated)
        conflicts.push({
          at: [...at, code],
          message: `gives "${words}" another ${englishName(code)} value than ${dotted(firstAt.get(words) ?? [])} ("${earlier}").`,
          fix: `Write the same ${code} value for the same English words: the pages find a translation by its English words.`,
        });
      else table[words] = translated;
    }
    if (!firstAt.has(words)) firstAt.set(words, at);
    return words;
  };

  const walk = (value: unknown, node: Node | undefined, at: Path): unknown => {
    if (!node) return value;
    if (node.$ref === TEXT_REF) return text(value as TextValue, at);
    const here = resolved(node);
    if (Array.isArray(value)) return value.map((item, i) => walk(item, here.items, [...at, i]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, here.properties?.[key], [...at, key])]));
    return value;
  };

  return { file: walk(data, schema, []), translations: tables, missing, conflicts };
}

/**
 * The letters' translations name only the placeholders a letter knows, as their English must
 * (form/office-words.ts): a translator's {nombre} would reach the applicant unfilled.
 */
export function translatedLetterFindings(letters: InstitutionSections['decisions']['letters'], translations: InstitutionSections['translations']): Finding[] {
  return OTHER_LANGUAGES.flatMap((code) => {
    const table = translations[code] ?? {};
    const inLanguage = Object.fromEntries(
      Object.entries(letters).map(([decision, l]) => [decision, { title: table[l.title] ?? '', text: table[l.text] ?? '' }]),
    );
    return letterFindings(inLanguage, ['decisions', 'letters']).map((f) => ({ ...f, at: [...f.at, code] }));
  });
}

/**
 * The part of the tables the Lambdas say (InstitutionSections `serverTexts`): the institution's
 * name and application title, the e-mails' sender name and signature, and the cycles' and rounds'
 * labels (the server's refusals name them), each language's values of those words only.
 */
export function serverTextsOf(
  file: Pick<InstitutionSections, 'identity' | 'mail' | 'cycles'>,
  translations: InstitutionSections['translations'],
): InstitutionSections['serverTexts'] {
  const words = [
    file.identity.name,
    file.identity.applicationTitle,
    file.mail.senderName,
    file.mail.signature,
    ...file.cycles.flatMap((cycle) => [cycle.label, ...cycle.rounds.map((round) => round.label)]),
  ];
  return Object.fromEntries(
    OTHER_LANGUAGES.map((code) => {
      const table = translations[code] ?? {};
      return [code, Object.fromEntries(words.filter((w) => Object.hasOwn(table, w)).map((w) => [w, table[w]!]))];
    }),
  );
}

/** The sender's name, in each language, at most 80 characters (mail clients cut a longer one short). */
export function senderNameFindings(senderName: string, translations: InstitutionSections['translations']): Finding[] {
  const MAX = 80;
  return [{ code: DEFAULT_LANGUAGE, words: senderName }, ...OTHER_LANGUAGES.map((code) => ({ code, words: translations[code]?.[senderName] }))]
    .filter((v): v is { code: LanguageCode; words: string } => v.words !== undefined && v.words.length > MAX)
    .map(({ code, words }) => ({
      at: code === DEFAULT_LANGUAGE ? ['mail', 'senderName'] : ['mail', 'senderName', code],
      message: `is ${words.length} characters long, more than ${MAX}.`,
      fix: `Write a shorter name: mail clients show about ${MAX} characters of a sender's name.`,
    }));
}
