/**
 * The sandbox's generator (scripts/seed/generate.ts) and the command's flags: the same seed gives
 * the same applicants, and every generated application passes the checks the server's submit
 * makes (lambdas/domain/submission.ts), with schools, addresses, majors and terms the product offers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '#domain/lookup/dataset';
import { submissionProblems } from '#domain/submission';
import { institution } from '#form/institution';
import type { Category } from '#form/wire/lookup';
import { parseSeedArgs } from '../../scripts/seed/args';
import { generateApplicant, type SeedLookups } from '../../scripts/seed/generate';

/** The lookup lists the product ships, as the command reads them (local/lookup-samples.ts), without the stack's adapters. */
const sample = (category: Category) =>
  parseDataset(readFileSync(new URL(`../../data/lookup/${category}.sample.csv`, import.meta.url), 'utf8'), category).records;
const lookups: SeedLookups = { hs_ceeb: sample('hs_ceeb'), college_ceeb: sample('college_ceeb'), address: sample('address') };
const now = new Date();
const batch = (seed: number, run = 'run1', count = 120) => Array.from({ length: count }, (_, i) => generateApplicant(seed, i, run, lookups, now));

describe('the seed generator', () => {
  it('gives the same applicants for the same seed, others for another seed', () => {
    expect(batch(42, 'run1', 5)).toEqual(batch(42, 'run1', 5));
    expect(batch(43, 'run1', 5).map((a) => a.answers)).not.toEqual(batch(42, 'run1', 5).map((a) => a.answers));
  });

  it('makes new e-mails on every run and the same answers', () => {
    const [first, second] = [batch(42, 'aaa', 5), batch(42, 'bbb', 5)];
    expect(first.map((a) => a.answers)).toEqual(second.map((a) => a.answers));
    const emails = [...first, ...second].map((a) => a.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) expect(email).toMatch(/^[a-z0-9.]+@example\.edu$/);
  });

  it('generates applications that pass the submit route’s validation', () => {
    for (const { email, answers } of batch(42)) {
      expect(submissionProblems({ answers, tabs: {}, addAnother: {}, now }), email).toEqual({});
    }
  });

  it('takes schools and addresses from the lookup lists, majors and terms from the form', () => {
    const applicants = batch(7);
    const schools = new Map(lookups.hs_ceeb.map((s) => [s.id, s]));
    const streets = new Set(lookups.address.map((a) => a.address_line_1));
    const terms = institution.entryTermsOn(now).map((t) => t.value);
    const majors = institution.majors.map((m) => m.value);
    for (const { answers } of applicants) {
      expect(schools.get(answers.hs_ceeb ?? '')?.name).toBe(answers.hs_name);
      expect(streets.has(answers.address_line_1 ?? '')).toBe(true);
      expect(terms).toContain(answers.entry_term);
      expect(majors).toContain(answers.applied_major);
    }
    // Realistic is varied: names, schools and the form's conditional branches.
    expect(new Set(applicants.map((a) => a.answers.last_name)).size).toBeGreaterThan(60);
    expect(new Set(applicants.map((a) => a.answers.hs_ceeb)).size).toBeGreaterThan(60);
    expect(applicants.some((a) => a.answers.mailing_addr_same_as_perm_addr === 'N' && a.answers.mailing_address_line_1)).toBe(true);
    expect(applicants.some((a) => a.answers.citizenship_type === 'NR' && a.answers.citizenship_country)).toBe(true);
  });

  it('spreads the decisions over admit, deny and waitlist', () => {
    const decisions = new Set(batch(42).map((a) => a.decision));
    for (const decision of ['admit', 'deny', 'waitlist'] as const) expect(decisions.has(decision), decision).toBe(true);
  });
});

describe('npm run seed flags', () => {
  it('reads the run’s options; --decided submits', () => {
    expect(parseSeedArgs(['--applicants', '3', '--decided'])).toEqual({ applicants: 3, seed: 42, concurrency: 4, submitted: true, decided: true });
    expect(parseSeedArgs(['--applicants', '1', '--seed', '9', '--concurrency', '2', '--url', 'http://localhost:4000'])).toMatchObject({
      seed: 9,
      concurrency: 2,
      submitted: false,
      url: 'http://localhost:4000',
    });
  });

  it.each([[[]], [['--applicants', '0']], [['--applicants', 'ten']], [['--applicants', '2', '--concurrency', '99']], [['--applicants', '2', '--nope']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseSeedArgs(argv)).toThrow();
    },
  );
});
