/**
 * What the schema cannot say about an institution's file: colour contrast, the logo and favicon
 * being real images, letter placeholders, dates that exist and come in order, unique codes, a
 * time zone and addresses that parse. Each problem names its field and what to write instead.
 * The checks against the form model (the checklist's questions) run once the file is installed
 * (model-checks.ts): the model is built from the file.
 */
import { failingPairs, passingShade } from './brand';
import type { InstitutionFile } from './file';
import type { ImageKind, Inspected } from './images';

export type Path = readonly (string | number)[];
export interface Finding {
  at: Path;
  message: string;
  fix: string;
}

/** The placeholders a letter may use (lambdas/domain/releases/letter.ts fills them). */
export const LETTER_PLACEHOLDERS = ['first_name', 'entry_term', 'major', 'reply_by', 'institution'] as const;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether MM-DD names a day of some year (29 February included). */
const monthDayExists = (md: string) => {
  const [m, d] = md.split('-').map(Number) as [number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= DAYS_IN_MONTH[m - 1]!;
};
/** Whether YYYY-MM-DD names a real day. */
export const dayExists = (day: string) => {
  const at = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};

/** The closest of `known` to `word` (a likely typo), if any is close. */
export function closest(word: string, known: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const current = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length]!;
  };
  const best = known.map((k) => ({ k, d: distance(word.toLowerCase(), k.toLowerCase()) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.k : undefined;
}

function uniqueCodes(findings: Finding[], list: readonly unknown[], at: Path, field: string, what: string): void {
  const seen = new Map<string, number>();
  list.forEach((item, i) => {
    const code = (item as Record<string, unknown>)[field];
    if (typeof code !== 'string') return;
    const first = seen.get(code);
    if (first === undefined) seen.set(code, i);
    else
      findings.push({
        at: [...at, i, field],
        message: `${what} "${code}" is used twice (also at item ${first + 1}).`,
        fix: `Give each ${what.toLowerCase()} its own code.`,
      });
  });
}

function colourChecks(file: InstitutionFile, findings: Finding[]): void {
  const colors = file.brand.colors;
  const failing = failingPairs(colors);
  for (const colour of new Set(failing.map((f) => f.pair.colour))) {
    const worst = failing.filter((f) => f.pair.colour === colour).sort((a, b) => a.ratio - b.ratio);
    const pairs = worst.map(({ pair, ratio }) => `${pair.what} ${ratio.toFixed(2)}:1 (needs ${pair.minimum}:1)`).join('; ');
    findings.push({
      at: ['brand', 'colors', colour],
      message: `${colors[colour]} is too light for WCAG AA: ${pairs}.`,
      fix: `Write a darker colour, for example '${passingShade(colors, colour)}'.`,
    });
  }
}

function letterChecks(file: InstitutionFile, findings: Finding[]): void {
  for (const [decision, letter] of Object.entries(file.decisions.letters)) {
    for (const field of ['title', 'text'] as const) {
      const text = letter[field];
      for (const [, name] of text.matchAll(/\{([^{}]*)\}/g)) {
        if ((LETTER_PLACEHOLDERS as readonly string[]).includes(name!)) continue;
        const near = closest(name!, LETTER_PLACEHOLDERS);
        findings.push({
          at: ['decisions', 'letters', decision, field],
          message: `{${name}} is not a placeholder a letter knows.`,
          fix: `${near ? `Write {${near}}, or ` : 'Write '}one of ${LETTER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
        });
      }
      const stray = text.replace(/\{[^{}]*\}/g, '');
      if (/[{}]/.test(stray))
        findings.push({
          at: ['decisions', 'letters', decision, field],
          message: 'has a brace without its pair.',
          fix: 'Close each placeholder: {first_name}.',
        });
    }
  }
}

function dateChecks(file: InstitutionFile, findings: Finding[]): void {
  file.welcome.announcements.forEach((a, i) => {
    const at = ['welcome', 'announcements', i];
    const yearly = a.from.length === 5;
    if (yearly !== (a.until.length === 5)) {
      findings.push({
        at: [...at, 'until'],
        message: `mixes an every-year date (MM-DD) with a dated one (YYYY-MM-DD): from ${a.from}, until ${a.until}.`,
        fix: 'Write both as MM-DD, or both as YYYY-MM-DD.',
      });
      return;
    }
    for (const field of ['from', 'until'] as const) {
      if (!(yearly ? monthDayExists(a[field]) : dayExists(a[field])))
        findings.push({
          at: [...at, field],
          message: `${a[field]} is not a day of the calendar.`,
          fix: yearly ? 'Write a real day as MM-DD.' : 'Write a real day as YYYY-MM-DD.',
        });
    }
    if (!yearly && a.until <= a.from)
      findings.push({
        at: [...at, 'until'],
        message: `${a.until} is not after from (${a.from}): the announcement would never show.`,
        fix: `Write a day after ${a.from}.`,
      });
    if (yearly && a.until === a.from)
      findings.push({
        at: [...at, 'until'],
        message: 'is the same day as from: the announcement would never show.',
        fix: 'Write the first day it no longer shows.',
      });
  });
  const terms = file.application.entryTerms.terms;
  terms.forEach((t, i) => {
    if (!monthDayExists(t.starts))
      findings.push({
        at: ['application', 'entryTerms', 'terms', i, 'starts'],
        message: `${t.starts} is not a day of the calendar.`,
        fix: 'Write the day the term begins as MM-DD.',
      });
    else if (i > 0 && t.starts <= terms[i - 1]!.starts)
      findings.push({
        at: ['application', 'entryTerms', 'terms', i, 'starts'],
        message: `${t.label} starts (${t.starts}) before or with ${terms[i - 1]!.label} (${terms[i - 1]!.starts}).`,
        fix: 'List the terms in the order they start in the year, each on a later day.',
      });
  });
  const days: [Path, string | undefined][] = [
    [['decisions', 'replyBy'], file.decisions.replyBy],
    [['statements', 'accessibility', 'reviewed'], file.statements.accessibility.reviewed],
    [['statements', 'terms', 'updated'], file.statements.terms.updated],
  ];
  for (const [at, day] of days)
    if (day !== undefined && !dayExists(day)) findings.push({ at, message: `${day} is not a day of the calendar.`, fix: 'Write a real day as YYYY-MM-DD.' });
  if (file.retention.warnDays >= file.retention.unsubmittedDays) {
    findings.push({
      at: ['retention', 'warnDays'],
      message: `the warning (${file.retention.warnDays} days) would come before the account's last sign-in.`,
      fix: `Write fewer days than unsubmittedDays (${file.retention.unsubmittedDays}).`,
    });
  }
}

function codeChecks(file: InstitutionFile, findings: Finding[]): void {
  const majors = file.application.majors;
  uniqueCodes(findings, majors, ['application', 'majors'], 'code', 'Major');
  majors.forEach(
    (m, i) => m.concentrations && uniqueCodes(findings, m.concentrations, ['application', 'majors', i, 'concentrations'], 'code', 'Concentration'),
  );
  uniqueCodes(findings, file.application.entryTerms.terms, ['application', 'entryTerms', 'terms'], 'code', 'Term');
  uniqueCodes(findings, file.review.rubric, ['review', 'rubric'], 'key', 'Criterion');
  uniqueCodes(findings, file.afterSubmission.checklist, ['afterSubmission', 'checklist'], 'id', 'Material');
  uniqueCodes(findings, file.welcome.announcements, ['welcome', 'announcements'], 'id', 'Announcement');
}

function placeChecks(file: InstitutionFile, findings: Finding[]): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: file.identity.timeZone });
  } catch {
    findings.push({
      at: ['identity', 'timeZone'],
      message: `${file.identity.timeZone} is not a time zone.`,
      fix: "Write an IANA time zone such as 'America/Chicago' or 'Europe/London'.",
    });
  }
  const urls: [Path, string][] = [
    [['identity', 'website'], file.identity.website],
    [['identity', 'privacyPolicyUrl'], file.identity.privacyPolicyUrl],
    [['links', 'financialAid', 'url'], file.links.financialAid.url],
    ...file.links.testAgencies.map((l, i): [Path, string] => [['links', 'testAgencies', i, 'url'], l.url]),
  ];
  for (const [at, url] of urls) {
    try {
      new URL(url);
    } catch {
      findings.push({ at, message: `${url} is not a web address.`, fix: 'Write it as https://…' });
    }
  }
}

/** The file's images, read by the loader: what each is, or what is wrong with it. */
export type ImageReport = Record<ImageKind, Inspected | { ok: false; message: string; fix: string }>;

/** Every problem the schema cannot say, for a file the schema accepted. */
export function checkBeyondSchema(file: InstitutionFile, images: ImageReport): Finding[] {
  const findings: Finding[] = [];
  for (const kind of ['logo', 'favicon'] as const) {
    const image = images[kind];
    if (!image.ok) findings.push({ at: ['brand', kind], message: image.message, fix: image.fix });
  }
  colourChecks(file, findings);
  letterChecks(file, findings);
  dateChecks(file, findings);
  codeChecks(file, findings);
  placeChecks(file, findings);
  return findings;
}
