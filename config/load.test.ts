/**
 * The institution's file is refused for every kind of mistake, each with its path, its line and
 * what to write instead: the schema's (a missing field, an unknown one, a wrong type, a value out
 * of form or range, an empty text) and what a schema cannot say (contrast, images, placeholders,
 * dates, codes, time zone, addresses). Each case edits a copy of the sample, which itself passes.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseDocument, type Document } from 'yaml';
import { LANGUAGES } from '#form/i18n/languages';
import { contrast } from './brand';
import { checkInstitution, loadInstitution, SAMPLE_INSTITUTION } from './load';
import { InstitutionConfigError, problemLine } from './problems';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the sample with `edit` applied to its YAML, and `files` beside it. */
function variant(edit: (doc: Document) => void, files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'institution-'));
  made.push(dir);
  for (const name of ['logo.svg', 'favicon.ico']) copyFileSync(join(dirname(SAMPLE_INSTITUTION), name), join(dir, name));
  const doc = parseDocument(readFileSync(SAMPLE_INSTITUTION, 'utf8'));
  edit(doc);
  const file = join(dir, 'institution.yaml');
  writeFileSync(file, doc.toString());
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return file;
}

/** The problems as a person reads them, without the file's name. */
const problems = (file: string) => checkInstitution(file).problems.map((p) => `${p.path}: ${p.message} ${p.fix}`);
const set = (path: (string | number)[], value: unknown) => (doc: Document) => doc.setIn(path, value);

describe("the sample institution's file", () => {
  // The file's first test compiles the schema (Ajv), seconds on a busy machine.
  it('passes, and compiles the logo and favicon into the web build by their hash', { timeout: 30_000 }, () => {
    const loaded = loadInstitution(SAMPLE_INSTITUTION);
    expect(loaded.sections.identity.name).toBe('Example State University');
    expect(loaded.sections.brand.logo).toEqual({
      src: `/brand/${loaded.assets.logo.fileName}`,
      file: loaded.assets.logo.fileName,
      mediaType: 'image/svg+xml',
      width: 64,
      height: 72,
    });
    expect(loaded.assets.logo.fileName).toMatch(/^logo-[0-9a-f]{10}\.svg$/);
    expect(loaded.sections.brand.favicon).toMatchObject({ mediaType: 'image/x-icon', width: 32, height: 32 });
  });

  it('and the second example pass', () => {
    expect(problems(join(dirname(SAMPLE_INSTITUTION), '..', 'northbay', 'institution.yaml'))).toEqual([]);
  });
});

describe('the schema, with what to write instead', () => {
  it.each<[string, (doc: Document) => void, string]>([
    [
      'a field missing',
      (doc) => doc.deleteIn(['identity', 'helpEmail']),
      "identity.helpEmail: is missing. Add helpEmail: Where applicants write for help: every e-mail and page names it. For example 'apply-help@example.edu'.",
    ],
    ['a field the file does not know (a typo)', set(['identity', 'phnoe'], '1'), 'identity.phnoe: is not a field the file knows. Write phone, or remove it.'],
    [
      'a list where a text goes',
      set(['identity', 'name'], ['a']),
      "identity.name: is a list, not words. Write The institution's full name, as applicants and letters name it; a name not translated is written the same for each language. For example 'Example State University'. Or one value per language: { en: …, es: …, ar: … }.",
    ],
    [
      'a colour that is not #rrggbb',
      set(['brand', 'colors', 'primary'], 'navy'),
      'brand.colors.primary: "navy" is not in the form expected. Write The header, buttons and links: white text on it and it as text on white must both reach 4.5:1. For example \'#1d3c6e\'.',
    ],
    [
      'an e-mail address without @',
      set(['identity', 'helpEmail'], 'help desk'),
      'identity.helpEmail: "help desk" is not in the form expected. Write Where applicants write for help: every e-mail and page names it. For example \'apply-help@example.edu\'.',
    ],
    [
      'a web address without https://',
      set(['identity', 'website'], 'www.example.edu'),
      "identity.website: \"www.example.edu\" is not in the form expected. Write The institution's own web site. For example 'https://www.example.edu'.",
    ],
    [
      'a date not YYYY-MM-DD',
      set(['decisions', 'replyBy'], '05/01/2027'),
      expect.stringMatching(/^decisions\.replyBy: "05\/01\/2027" is not in the form expected\. Write The last day \(YYYY-MM-DD.*For example '2027-05-01'\.$/),
    ],
    [
      'a term code in lower case',
      set(['application', 'entryTerms', 'terms', 0, 'code'], 'sp'),
      expect.stringMatching(
        /^application\.entryTerms\.terms\[0\]\.code: "sp" is not in the form expected\. Write Stored after the year: 2027FA\. .*For example 'FA'\.$/,
      ),
    ],
    [
      'a page that is not one of the form',
      set(['application', 'pdfPages'], ['about', 'cover']),
      'application.pdfPages[1]: "cover" is not one of the choices. Write one of "about", "education-ug", "final-steps".',
    ],
    [
      'a number out of range',
      set(['application', 'freeTextLimit'], 50),
      'application.freeTextLimit: 50 is below what is allowed. Write a whole number from 200 to 20000.',
    ],
    [
      'an empty list that needs items',
      set(['application', 'majors'], []),
      expect.stringMatching(/^application\.majors: lists 0; at least 1 are needed\. Add The majors an applicant chooses from/),
    ],
    [
      'a page printed twice',
      set(['application', 'pdfPages'], ['about', 'about']),
      'application.pdfPages: lists the same value twice (items 1 and 2). List each once.',
    ],
    [
      'an empty text',
      set(['welcome', 'promises'], ' '),
      expect.stringMatching(/^welcome\.promises: is empty\. Write What the welcome panel promises a visitor before they sign in\./),
    ],
    [
      'a yes/no that is text',
      set(['welcome', 'announcements', 0, 'urgent'], 'no'),
      expect.stringMatching(/^welcome\.announcements\[0\]\.urgent: is a string, not a boolean\./),
    ],
  ])('%s', (_what, edit, expected) => {
    expect(problems(variant(edit))).toEqual([expected]);
  });

  it('gives the line of each problem, in the order of the file', () => {
    const file = variant((doc) => {
      doc.setIn(['brand', 'colors', 'text'], 'black');
      doc.deleteIn(['retention', 'warnDays']);
    });
    const found = checkInstitution(file).problems;
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(found.map((p) => p.path)).toEqual(['brand.colors.text', 'retention.warnDays']);
    expect(lines[found[0]!.line! - 1]).toMatch(/^\s+text: '?black'?$/);
    expect(lines[found[1]!.line! - 1]).toMatch(/^\s+unsubmittedDays:/);
    expect(problemLine('x.yaml', found[0]!)).toMatch(/^x\.yaml:\d+ brand\.colors\.text: "black" is not in the form expected\./);
  });

  it('refuses a file that is not YAML, naming the line, and one that does not exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'institution-'));
    made.push(dir);
    writeFileSync(join(dir, 'broken.yaml'), 'identity:\n  name: [unclosed\nbrand: {}\n');
    const [broken] = checkInstitution(join(dir, 'broken.yaml')).problems;
    expect(broken?.path).toBe('');
    expect(broken?.message).toMatch(/^is not valid YAML: /);
    expect(broken?.fix).toBe('Correct the indentation or quoting on that line.');
    expect(broken!.line).toBeGreaterThan(1);
    expect(problems(join(dir, 'missing.yaml'))).toEqual([
      ": does not exist. Give the path of an institution's file (the sample: institutions/example-state/institution.yaml).",
    ]);
  });

  it('throws every problem at once, naming the file, for the entry points to print', () => {
    const file = variant((doc) => {
      doc.setIn(['identity', 'timeZone'], 'Mars/Olympus');
      doc.setIn(['identity', 'abbreviation'], '');
    });
    expect(() => loadInstitution(file)).toThrow(InstitutionConfigError);
    try {
      loadInstitution(file);
    } catch (error) {
      expect((error as InstitutionConfigError).message).toMatch(
        /^The institution's configuration .+institution\.yaml has a problem:\n {2}.+institution\.yaml:\d+ identity\.abbreviation: is empty\./,
      );
    }
  });
});

describe('what the schema cannot say', () => {
  it('measures contrast as WCAG does (#767676 on white is the lightest grey that passes: 4.54:1)', () => {
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it.each<[string, (doc: Document) => void, string]>([
    [
      'a primary colour too light for white text and for links',
      set(['brand', 'colors', 'primary'], '#7a9cc6'),
      "brand.colors.primary: #7a9cc6 is too light for WCAG AA: links on the page background 2.49:1 (needs 4.5:1); its text on a hovered button or the current page (its light tint) 2.60:1 (needs 4.5:1); white text on it (the header, buttons) 2.84:1 (needs 4.5:1); links and outlined buttons on white 2.84:1 (needs 4.5:1). Write a darker colour, for example '#556d8b'.",
    ],
    [
      'a grey text colour',
      set(['brand', 'colors', 'text'], '#8a8a8a'),
      "brand.colors.text: #8a8a8a is too light for WCAG AA: body text on the page background 3.02:1 (needs 4.5:1); body text on white 3.45:1 (needs 4.5:1). Write a darker colour, for example '#686868'.",
    ],
    [
      'a pale accent',
      set(['brand', 'colors', 'accent'], '#f5d0d5'),
      "brand.colors.accent: #f5d0d5 is too light for WCAG AA: accent borders on white (non-text contrast) 1.41:1 (needs 3:1). Write a darker colour, for example '#9f878a'.",
    ],
    [
      'a placeholder a letter does not know',
      set(['decisions', 'letters', 'admit', 'text'], 'Dear {firstname}, welcome.'),
      'decisions.letters.admit.text: {firstname} is not a placeholder a letter knows. Write {first_name}, or one of {first_name}, {entry_term}, {major}, {reply_by}, {institution}.',
    ],
    [
      'a brace left open',
      set(['decisions', 'letters', 'deny', 'title'], 'Your decision {first_name'),
      'decisions.letters.deny.title: has a brace without its pair. Close each placeholder: {first_name}.',
    ],
    [
      'a day that does not exist',
      set(['decisions', 'replyBy'], '2027-02-30'),
      'decisions.replyBy: 2027-02-30 is not a day of the calendar. Write a real day as YYYY-MM-DD.',
    ],
    [
      'an every-year day that does not exist',
      set(['welcome', 'announcements', 0, 'from'], '02-30'),
      'welcome.announcements[0].from: 02-30 is not a day of the calendar. Write a real day as MM-DD.',
    ],
    [
      'an announcement that ends before it starts',
      (doc) => {
        doc.setIn(['welcome', 'announcements', 0, 'from'], '2027-03-01');
        doc.setIn(['welcome', 'announcements', 0, 'until'], '2027-02-01');
      },
      'welcome.announcements[0].until: 2027-02-01 is not after from (2027-03-01): the announcement would never show. Write a day after 2027-03-01.',
    ],
    [
      'an announcement that mixes every-year and dated days',
      set(['welcome', 'announcements', 0, 'until'], '2027-12-02'),
      'welcome.announcements[0].until: mixes an every-year date (MM-DD) with a dated one (YYYY-MM-DD): from 02-15, until 2027-12-02. Write both as MM-DD, or both as YYYY-MM-DD.',
    ],
    [
      'terms out of calendar order',
      set(['application', 'entryTerms', 'terms', 1, 'starts'], '01-01'),
      'application.entryTerms.terms[1].starts: Fall starts (01-01) before or with Spring (01-01). List the terms in the order they start in the year, each on a later day.',
    ],
    [
      'a warning no earlier than the deletion',
      (doc) => {
        doc.setIn(['retention', 'unsubmittedDays'], 30);
        doc.setIn(['retention', 'warnDays'], 30);
      },
      "retention.warnDays: the warning (30 days) would come before the account's last sign-in. Write fewer days than unsubmittedDays (30).",
    ],
    [
      'a major code used twice',
      set(['application', 'majors', 2, 'code'], 'BIO'),
      'application.majors[2].code: Major "BIO" is used twice (also at item 1). Give each major its own code.',
    ],
    [
      'a concentration code used twice',
      set(['application', 'majors', 1, 'concentrations', 2, 'code'], 'FIN'),
      'application.majors[1].concentrations[2].code: Concentration "FIN" is used twice (also at item 2). Give each concentration its own code.',
    ],
    [
      'a term code used twice',
      (doc) => {
        doc.setIn(['application', 'entryTerms', 'terms', 1, 'code'], 'SP');
        // The cycles' Fall terms would no longer be terms of the file.
        doc.setIn(['cycles', 0, 'entryTerms'], ['2028SP']);
        doc.setIn(['cycles', 1, 'entryTerms'], ['2029SP']);
      },
      'application.entryTerms.terms[1].code: Term "SP" is used twice (also at item 1). Give each term its own code.',
    ],
    [
      'a criterion key used twice',
      set(['review', 'rubric', 2, 'key'], 'academic_preparation'),
      'review.rubric[2].key: Criterion "academic_preparation" is used twice (also at item 1). Give each criterion its own code.',
    ],
    [
      'a reading rule naming a major the file does not list',
      set(['reading', 'assignments', 0, 'majors', 0], 'ASTRO'),
      'reading.assignments[0].majors[0]: "ASTRO" is not a major of application.majors. Use the code of a major the file lists.',
    ],
    [
      'a last-name range that runs backwards',
      set(['reading', 'assignments', 2, 'from'], 'P'),
      'reading.assignments[2].to: The range P–F runs backwards. Write the earlier letter in from.',
    ],
    [
      'a material id used twice',
      set(['afterSubmission', 'checklist', 1, 'id'], 'transcript'),
      'afterSubmission.checklist[1].id: Material "transcript" is used twice (also at item 1). Give each material its own code.',
    ],
    [
      'an announcement id used twice',
      (doc) => doc.addIn(['welcome', 'announcements'], { id: 'open-days', text: 'Open days in April', from: '04-01', until: '05-01', urgent: false }),
      'welcome.announcements[1].id: Announcement "open-days" is used twice (also at item 1). Give each announcement its own code.',
    ],
    [
      'a time zone that does not exist',
      set(['identity', 'timeZone'], 'America/Springfield'),
      "identity.timeZone: America/Springfield is not a time zone. Write an IANA time zone such as 'America/Chicago' or 'Europe/London'.",
    ],
    [
      'a web address that does not parse',
      set(['links', 'financialAid', 'url'], 'https://exa mple'),
      expect.stringMatching(/^links\.financialAid\.url: "https:\/\/exa mple" is not in the form expected\./),
    ],
  ])('%s', (_what, edit, expected) => {
    expect(problems(variant(edit))).toEqual([expected]);
  });

  it.each<[string, string, string | Buffer, string]>([
    ['a logo that is not there', 'logo-missing.svg', '', 'brand.logo: logo-missing.svg is not a file beside the configuration'],
    ['a logo that is not an image', 'logo.png', 'not an image at all', 'brand.logo: logo.png is not an SVG or PNG image. Give the logo as SVG or PNG.'],
    [
      'a logo of 200 kB or more',
      'big.png',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(205 * 1024)]),
      'brand.logo: big.png is 206 kB; a logo must be under 200 kB. Export it smaller (an SVG, or a PNG about 400 pixels wide).',
    ],
    [
      'an SVG logo that scripts',
      'logo-script.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>',
      'brand.logo: logo-script.svg is an SVG with a script, an event handler or an embedded document. Export the logo again as a plain SVG (shapes and text only), or as a PNG.',
    ],
    [
      'an SVG logo without a size',
      'logo-nosize.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
      'brand.logo: logo-nosize.svg is an SVG without a size: it has neither width and height nor a viewBox. Give its <svg> element a viewBox="0 0 W H" (or width and height).',
    ],
    [
      'a PNG named .svg',
      'png-inside.svg',
      Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex'),
      'brand.logo: png-inside.svg holds PNG, not what its name says. Rename it to end in .png.',
    ],
    [
      'a truncated PNG',
      'cut.png',
      Buffer.from('89504e470d0a1a0a0000', 'hex'),
      'brand.logo: cut.png is not a complete PNG image. Export the image again as PNG.',
    ],
  ])('%s', (_what, name, content, expected) => {
    const file = variant(set(['brand', 'logo'], name), content === '' ? {} : { [name]: content });
    const found = problems(file);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(expected);
  });

  it('refuses an icon as the logo (a favicon is ICO, PNG or SVG; a logo SVG or PNG), and a favicon that is not one', () => {
    const ico = readFileSync(join(dirname(SAMPLE_INSTITUTION), 'favicon.ico'));
    expect(problems(variant(set(['brand', 'logo'], 'icon.png'), { 'icon.png': ico }))).toEqual([
      'brand.logo: icon.png holds ICO; a logo is SVG or PNG. Give the logo as SVG or PNG.',
    ]);
    expect(problems(variant(set(['brand', 'favicon'], 'fav.ico'), { 'fav.ico': 'GIF89a' }))).toEqual([
      'brand.favicon: fav.ico is not an ICO, PNG or SVG image. Give the favicon as ICO, PNG or SVG.',
    ]);
  });
});

describe('the timetable (cycles)', () => {
  const round = (i: number) => ['cycles', 0, 'rounds', i];
  it.each<[string, (doc: Document) => void, string]>([
    ['no timetable', (doc) => doc.delete('cycles'), expect.stringMatching(/^cycles: is missing\. Add cycles: The timetable: the admission cycles/)],
    [
      'a deadline time not HH:MM',
      set([...round(0), 'deadlineTime'], '5pm'),
      expect.stringMatching(/^cycles\[0\]\.rounds\[0\]\.deadlineTime: "5pm" is not in the form expected\. Write The deadline's time of day, HH:MM/),
    ],
    [
      'an opening day that does not exist',
      set(['cycles', 0, 'opens'], '2026-02-30'),
      'cycles[0].opens: 2026-02-30 is not a day of the calendar. Write a real day as YYYY-MM-DD.',
    ],
    [
      'a deadline day that does not exist',
      set([...round(0), 'deadline'], '2026-11-31'),
      'cycles[0].rounds[0].deadline: 2026-11-31 is not a day of the calendar. Write a real day as YYYY-MM-DD.',
    ],
    [
      'a time of day that does not exist',
      set([...round(0), 'deadlineTime'], '24:00'),
      'cycles[0].rounds[0].deadlineTime: 24:00 is not a time of day. Write HH:MM on a 24-hour clock, from 00:00 to 23:59 (leave it out for 23:59).',
    ],
    ['a cycle id used twice', set(['cycles', 1, 'id'], '2027'), 'cycles[1].id: Cycle "2027" is used twice (also at item 1). Give each cycle its own code.'],
    [
      'a round id used twice in a cycle',
      set([...round(1), 'id'], 'ea'),
      'cycles[0].rounds[1].id: Round "ea" is used twice (also at item 1). Give each round its own code.',
    ],
    [
      'an entry term the file does not have',
      set(['cycles', 0, 'entryTerms', 1], '2028SU'),
      'cycles[0].entryTerms[1]: 2028SU: SU is not the code of a term in application.entryTerms.terms (SP, FA). Write the year and one of those codes, for example 2028SP.',
    ],
    [
      'two rounds with the same deadline',
      set([...round(1), 'deadline'], '2026-11-01'),
      "cycles[0].rounds[1].deadline: Early Decision's deadline (2026-11-01 23:59) is not after Early Action's (2026-11-01 23:59). List the rounds in the order of their deadlines, each later than the one before.",
    ],
    [
      'rounds out of the order of their deadlines',
      set([...round(2), 'deadline'], '2026-11-10'),
      "cycles[0].rounds[2].deadline: Regular Decision's deadline (2026-11-10 23:59) is not after Early Decision's (2026-11-15 23:59). List the rounds in the order of their deadlines, each later than the one before.",
    ],
    [
      'a deadline before its cycle opens',
      set([...round(0), 'deadline'], '2026-07-15'),
      'cycles[0].rounds[0].deadline: 2026-07-15 is before the cycle opens (2026-08-01): the round would never take an application. Write a day on or after 2026-08-01, or open the cycle earlier.',
    ],
    [
      'decisions before the late window ends',
      set([...round(0), 'decisionDate'], '2026-11-03'),
      "cycles[0].rounds[0].decisionDate: 2026-11-03 is before the round's last accepted day (2026-11-04: the deadline and 3 late days). Write 2026-11-04 or a later day.",
    ],
    [
      'a reply-by on the decision day',
      set([...round(1), 'replyBy'], '2026-12-15'),
      'cycles[0].rounds[1].replyBy: 2026-12-15 is not after the decision date (2026-12-15): an offer would have no day to be answered. Write a day after 2026-12-15.',
    ],
    [
      'cycles out of order',
      set(['cycles', 1, 'opens'], '2026-07-01'),
      'cycles[1].opens: 2027–28 opens (2026-07-01) before or with 2026–27 (2026-08-01). List the cycles in the order they open, each on a later day.',
    ],
    [
      'a cycle that opens while the one before still takes applications',
      set(['cycles', 1, 'opens'], '2027-07-15'),
      "cycles[1].opens: 2027–28 opens (2027-07-15) while 2026–27 still takes applications: Rolling Admission accepts them until 2027-07-15. Open 2027–28 after 2027-07-15, or end 2026–27's rounds earlier.",
    ],
    [
      "an overlap made by the last round's late window",
      (doc) => {
        doc.setIn(['cycles', 0, 'rounds', 3, 'lateDays'], 20);
        doc.setIn(['cycles', 0, 'rounds', 3, 'decisionDate'], '2027-08-10');
      },
      "cycles[1].opens: 2027–28 opens (2027-08-01) while 2026–27 still takes applications: Rolling Admission accepts them until 2027-08-04. Open 2027–28 after 2027-08-04, or end 2026–27's rounds earlier.",
    ],
  ])('%s', (_what, edit, expected) => {
    expect(problems(variant(edit))).toEqual([expected]);
  });

  it('accepts a cycle opening the day after the last one takes its last application, and a deadline later the same day', () => {
    expect(problems(variant(set(['cycles', 1, 'opens'], '2027-07-16')))).toEqual([]);
    const sameDay = variant((doc) => {
      doc.setIn(['cycles', 0, 'rounds', 0, 'deadlineTime'], '17:00');
      doc.setIn(['cycles', 0, 'rounds', 1, 'deadline'], '2026-11-01');
    });
    expect(problems(sameDay)).toEqual([]);
  });
});

describe('texts per language (issue 41)', () => {
  it("compiles each text to the institution's words and the others' values into a table per language", () => {
    const loaded = loadInstitution(SAMPLE_INSTITUTION);
    const { welcome, application, translations } = loaded.sections;
    expect(welcome.promises).toMatch(/^No application fee, no essay/);
    expect(application.majors[0]).toEqual({ code: 'BIO', label: 'Biology' });
    expect(translations.es?.[welcome.promises]).toMatch(/^Sin cuota de solicitud, sin ensayo/);
    expect(translations.ar?.Biology).toBe('علم الأحياء');
    expect(translations.es?.['Elementary Education']).toBe('Educación Primaria');
    expect(loaded.warnings).toEqual([]);
  });

  it('warns, with the line, of each field and language a text lacks, and still loads', () => {
    const file = variant((doc) => {
      doc.setIn(['welcome', 'promises'], 'Apply free.');
      doc.setIn(['application', 'majors', 0, 'label'], { en: 'Biology', es: 'Biología' });
    });
    const { problems: found, loaded } = checkInstitution(file);
    expect(found).toEqual([]);
    expect(loaded!.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'application.majors[0].label: has no Arabic (ar): an applicant reading Arabic sees the English.',
      'welcome.promises: has no Spanish (es): an applicant reading Spanish sees the English.',
      'welcome.promises: has no Arabic (ar): an applicant reading Arabic sees the English.',
    ]);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines[loaded!.warnings[1]!.line! - 1]).toMatch(/promises: Apply free\.$/);
    expect(loaded!.sections.translations.es?.Biology).toBe('Biología');
  });

  it.each<[string, (doc: Document) => void, string[]]>([
    [
      'a language code the site does not have',
      set(['welcome', 'submitted'], { en: 'Send your transcript.', fr: 'Envoyez votre relevé.' }),
      ['welcome.submitted.fr: "fr" is not a language of the site. Write one of en (English), es (Spanish), ar (Arabic).'],
    ],
    [
      'a typo in a language code',
      set(['application', 'majors', 0, 'label'], { en: 'Biology', esp: 'Biología' }),
      ['application.majors[0].label.esp: "esp" is not a language of the site. Write es, or one of en (English), es (Spanish), ar (Arabic).'],
    ],
    [
      'no English',
      set(['welcome', 'promises'], { es: 'Sin cuota.' }),
      [
        "welcome.promises.en: is missing: English is the institution's language, which the office reads and the other languages fall back to. Add en: What the welcome panel promises a visitor before they sign in. For example 'No application fee, no essay and no required test scores.'.",
      ],
    ],
    [
      "a language's value empty",
      set(['afterSubmission', 'nextSteps'], { en: 'We read it.', ar: ' ' }),
      ['afterSubmission.nextSteps.ar: is empty. Write the words in Arabic, or leave ar out to show the English.'],
    ],
    [
      'a number where words go',
      set(['application', 'entryTerms', 'terms', 0, 'label'], 7),
      [expect.stringMatching(/^application\.entryTerms\.terms\[0\]\.label: is a number, not words\. Write Shown before the year/)],
    ],
    [
      'the same English words translated two ways',
      (doc) => {
        doc.setIn(['application', 'majors', 0, 'label'], { en: 'Biology', es: 'Biología' });
        doc.setIn(['application', 'majors', 2, 'label'], { en: 'Biology', es: 'Ciencias biológicas' });
      },
      [
        'application.majors[2].label.es: gives "Biology" another Spanish value than application.majors[0].label ("Biología"). Write the same es value for the same English words: the pages find a translation by its English words.',
      ],
    ],
  ])('refuses %s, at its path', (_what, edit, expected) => {
    const found = problems(variant(edit));
    // The same words twice are also a major's code used twice: only the text's problem is asked about.
    expect(found.filter((p) => !p.includes('.code:'))).toEqual(expected);
  });

  it("also gives the name, title, links, cycles, rounds, letters, statements and afterReply per language, each kept the institution's words", () => {
    const loaded = loadInstitution(SAMPLE_INSTITUTION);
    const { identity, links, cycles, decisions, statements, translations } = loaded.sections;
    expect([identity.name, identity.applicationTitle, links.financialAid.label, cycles[0]!.rounds[0]!.label]).toEqual([
      'Example State University',
      'Freshman Application',
      'Financial Aid',
      'Early Action',
    ]);
    const es = translations.es!;
    const ar = translations.ar!;
    expect([es[identity.name], ar[identity.applicationTitle], es['Early Action'], ar[cycles[1]!.label]]).toEqual([
      'Universidad Estatal de Ejemplo',
      'طلب الالتحاق للطلاب الجدد',
      'Acción Temprana',
      '٢٠٢٧–٢٨',
    ]);
    expect(es[decisions.letters.admit.text]).toMatch(/^Estimado\(a\) \{first_name\}:\n\n¡Felicitaciones!/);
    expect(ar[decisions.afterReply.join_waitlist]).toMatch(/^أنت الآن على قائمة الانتظار/);
    expect(es[statements.terms.text]).toMatch(/^La Universidad Estatal de Ejemplo ofrece este sitio/);
    expect(ar[statements.privacy.sharedWith[0]!]).toMatch(/^لا يرى مرشدك/);
    // An agency's name the same in every language: a value each, so no warning (the pages mark it as English).
    expect(es['SAT (College Board)']).toBe('SAT (College Board)');
    expect(loaded.warnings).toEqual([]);
  });

  it('warns of a name or a letter written once, in English, and still loads', () => {
    const file = variant((doc) => {
      doc.setIn(['identity', 'name'], 'Example State University');
      doc.setIn(['decisions', 'letters', 'deny', 'title'], 'Your decision');
    });
    const { problems: found, loaded } = checkInstitution(file);
    expect(found).toEqual([]);
    expect(loaded!.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'identity.name: has no Spanish (es): an applicant reading Spanish sees the English.',
      'identity.name: has no Arabic (ar): an applicant reading Arabic sees the English.',
      'decisions.letters.deny.title: has no Spanish (es): an applicant reading Spanish sees the English.',
      'decisions.letters.deny.title: has no Arabic (ar): an applicant reading Arabic sees the English.',
    ]);
    expect(loaded!.sections.identity.name).toBe('Example State University');
  });

  it("refuses a letter's translation naming a placeholder a letter does not know, at its language", () => {
    const found = problems(
      variant(set(['decisions', 'letters', 'deny', 'text'], { en: 'Dear {first_name},', es: 'Estimado(a) {nombre}:', ar: 'عزيزنا {first_name}،' })),
    );
    expect(found).toEqual([
      'decisions.letters.deny.text.es: {nombre} is not a placeholder a letter knows. Write one of {first_name}, {entry_term}, {major}, {reply_by}, {institution}.',
    ]);
  });

  it("keeps the schema's languages those of the site", () => {
    const schema = JSON.parse(readFileSync(join(dirname(SAMPLE_INSTITUTION), '..', 'institution.schema.json'), 'utf8')) as {
      $defs: { textPerLanguage: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(schema.$defs.textPerLanguage.properties)).toEqual(LANGUAGES.map((l) => l.code));
  });
});
