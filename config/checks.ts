/**
 * What the schema cannot say about an institution's file: colour contrast, the logo and favicon
 * being real images, letter placeholders, dates that exist and come in order (the timetable's:
 * cycle-checks.ts), unique codes, a time zone and addresses that parse. Each problem names its
 * field and what to write instead.
 * The checks against the form model (the checklist's questions) run once the file is installed
 * (model-checks.ts): the model is built from the file.
 */
import { announcementFindings, closest, dayExists, letterFindings, monthDayExists } from '../form/office-words';
import { failingPairs, passingShade } from './brand';
import { cycleFindings } from './cycle-checks';
import type { InstitutionFile } from './file';
import type { ImageKind, Inspected } from './images';

export type Path = readonly (string | number)[];
export interface Finding {
  at: Path;
  message: string;
  fix: string;
}

export { closest };

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

function dateChecks(file: InstitutionFile, findings: Finding[]): void {
  findings.push(...announcementFindings(file.welcome.announcements, ['welcome', 'announcements']));
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
  uniqueCodes(findings, file.cycles, ['cycles'], 'id', 'Cycle');
  file.cycles.forEach((c, i) => uniqueCodes(findings, c.rounds, ['cycles', i, 'rounds'], 'id', 'Round'));
  readingChecks(file, findings);
}

/** An assignment rule names majors the file lists, and a last-name range that runs forward. */
function readingChecks(file: InstitutionFile, findings: Finding[]): void {
  const codes = new Set(file.application.majors.map((m) => m.code));
  file.reading.assignments.forEach((rule, i) => {
    if (rule.by === 'major')
      rule.majors.forEach((code, j) => {
        if (!codes.has(code))
          findings.push({
            at: ['reading', 'assignments', i, 'majors', j],
            message: `"${code}" is not a major of application.majors.`,
            fix: 'Use the code of a major the file lists.',
          });
      });
    if (rule.by === 'lastName' && rule.from > rule.to)
      findings.push({
        at: ['reading', 'assignments', i, 'to'],
        message: `The range ${rule.from}–${rule.to} runs backwards.`,
        fix: 'Write the earlier letter in from.',
      });
  });
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
  findings.push(...letterFindings(file.decisions.letters, ['decisions', 'letters']));
  dateChecks(file, findings);
  findings.push(...cycleFindings(file));
  codeChecks(file, findings);
  placeChecks(file, findings);
  return findings;
}
