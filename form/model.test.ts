import { describe, expect, it } from 'vitest';
import { checkbox, content, addAnother, text, tabGroup, PHONE_HINT } from './build';
import { checkModel, ConfigurationError } from './checks';
import { CHOICES, MONTH_YEARS, type Choice } from './choices';
import { checkFormConfiguration, checkSchemaKeys } from './configuration';
import { PAGE_PATHS } from './contract';
import { allAnswerKeys, BOOLEAN_FIELDS } from './data-model';
import { institution } from './institution';
import { allQuestions, errorLink, getPage, pageAnswerKeys, pageNodes, pages, questionPage } from './model';
import type { ChoiceQuestion, FormNode, Page } from './types';
import { applicationSchema, pageSchema } from './validation/schema';
import { addAnothersIn, questionAnswerKeys, tabGroupsIn } from './walk';

const addAnothers = addAnothersIn(pages.flatMap(pageNodes));
const tabGroups = tabGroupsIn(pages.flatMap(pageNodes));
const question = (key: string) => allQuestions.find((q) => q.key === key);

describe('pages', () => {
  it('are About You, Your Academics and Final Steps at their paths', () => {
    expect(pages.map((p) => [p.id, p.number, p.path, p.title])).toEqual([
      ['about', 1, '/about', 'About You'],
      ['education-ug', 2, '/education-ug', 'Your Academics'],
      ['final-steps', 3, '/final-steps', 'Final Steps'],
    ]);
    expect(pages.map((p) => p.path)).toEqual(PAGE_PATHS);
  });

  it.each([
    ['first_name', 'about'],
    ['phone_2_parent', 'about'],
    ['race_asian', 'about'],
    ['state_desc', 'about'],
    ['sat_score_math', 'education-ug'],
    ['grad_year', 'education-ug'],
    ['hs_transcript', 'education-ug'],
    ['activity_4_name', 'education-ug'],
    ['legal_agree', 'final-steps'],
  ])('question key %s is on page %s', (key, page) => {
    expect(questionPage(key)).toBe(page);
  });

  it('error links lead to the page path with the key as anchor', () => {
    expect(errorLink('hs_name')).toBe('/education-ug#hs_name');
    expect(errorLink('race_white')).toBe('/about#race');
    expect(errorLink('nope')).toBeUndefined();
  });
});

describe('developer checks', () => {
  it('the model passes its own configuration checks', () => {
    expect(() => checkModel(pages, allAnswerKeys)).not.toThrow();
    expect(() => checkFormConfiguration()).not.toThrow();
  });

  it('a schema that checks other keys than its questions ask is a configuration error naming the key', () => {
    expect(() => checkSchemaKeys('about page', ['first_name', 'nickname'], ['first_name'])).toThrow(
      new ConfigurationError('Configuration error: the about page schema checks the answer key nickname, which no question asks.', 'nickname'),
    );
    expect(() => checkSchemaKeys('about page', ['first_name'], ['first_name', 'last_name'])).toThrow(/does not check the answer key last_name/);
    expect(() => checkSchemaKeys('about page', ['a', 'b'], ['b', 'a'])).not.toThrow();
  });

  it('schema keys equal the model keys, for the application and for each page', () => {
    const modelKeys = pages.flatMap(pageAnswerKeys);
    expect(Object.keys(applicationSchema().fields).sort()).toEqual([...modelKeys].sort());
    for (const page of pages) expect(Object.keys(pageSchema(page.id).fields).sort()).toEqual(pageAnswerKeys(page).sort());
  });

  it('every key of the tenant data model is asked on exactly one page', () => {
    const counts = new Map<string, number>();
    for (const page of pages) for (const k of new Set(pageAnswerKeys(page))) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const key of allAnswerKeys) expect([key, counts.get(key)]).toEqual([key, 1]);
    expect(counts.size).toBe(new Set(allAnswerKeys).size);
  });

  it('asks exactly the choices the save labels (choices.ts), each with its options', () => {
    // The save derives `<key>_desc` from choices.ts without building the pages: a page choice
    // missing there would keep the browser's label, one no page asks would label nothing.
    const choices = allQuestions.filter((q): q is ChoiceQuestion => q.type === 'dropdown' || q.type === 'radio');
    expect(choices.map((q) => q.key).sort()).toEqual(Object.keys(CHOICES).sort());
    for (const q of choices) {
      const c: Choice = CHOICES[q.key as keyof typeof CHOICES];
      expect([q.key, q.options, q.dependsOn, q.optionsAt]).toEqual([q.key, c.options, c.dependsOn, c.optionsAt]);
    }
    const monthYears = allQuestions.flatMap((q) => (q.type === 'monthYear' ? [[q.key, q.yearKey]] : []));
    expect(Object.fromEntries(monthYears)).toEqual(MONTH_YEARS);
  });

  it('every dropdown and radio has its _desc companion in the data model', () => {
    for (const q of allQuestions) {
      if ((q.type === 'dropdown' || q.type === 'radio') && q.includeDesc) expect(allAnswerKeys).toContain(`${q.key}_desc`);
    }
  });

  it('add-another blocks never exceed 10', () => {
    expect(addAnothers.length).toBeGreaterThan(0);
    for (const a of addAnothers) expect(a.max).toBeLessThanOrEqual(10);
  });

  const broken = (children: FormNode[]): Page[] => [{ ...getPage('about'), sections: [...getPage('about').sections, { id: 'x', title: 'X', children }] }];

  it.each<[string, Page[], string]>([
    ['an unknown key', broken([text('not_in_data_model', 'Oops')]), 'not_in_data_model'],
    ['a key used twice', broken([text('first_name', 'Again')]), 'first_name'],
    [
      'add-another above 10',
      broken([
        addAnother(
          'too_many',
          'Thing',
          11,
          Array.from({ length: 11 }, () => []),
        ),
      ]),
      'too_many',
    ],
    ['a tab group without its default', broken([tabGroup('tg', 'T', 'missing', [{ id: 'a', label: 'A', clears: [], children: [] }])]), 'tg'],
    ['an alternative that does not name it back', broken([checkbox('one_way', 'One way', { alternativeOf: 'first_name' })]), 'one_way'],
    ['an alternative of no question', broken([checkbox('one_way', 'One way', { alternativeOf: 'no_such_question' })]), 'one_way'],
  ])('a configuration error names the offending key: %s', (_what, modelPages, key) => {
    let error: unknown;
    try {
      checkModel(modelPages, allAnswerKeys);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).key).toBe(key);
    expect((error as Error).message).toContain(key);
  });

  it('a key missing from the data model is reported as not present in the tenant data model', () => {
    expect(() => checkModel(broken([content('c', 'text'), text('stray', 'Stray')]), allAnswerKeys)).toThrow(/stray is not present in the tenant data model/);
  });
});

describe('questions', () => {
  it('text inputs default to 45 characters, comments to the institution limit', () => {
    expect(question('first_name')).toMatchObject({ type: 'text', maxLength: 45, optional: false });
    expect(question('middle_name')).toMatchObject({ optional: true });
    expect(question('conviction_comment')).toMatchObject({ type: 'textarea', maxLength: institution.freeTextLimit, rows: 6 });
  });

  it.each([
    ['birth_date', 'date'],
    ['phone_home', 'phone'],
    ['gender', 'radio'],
    ['country', 'dropdown'],
    ['optin_sms_ind', 'checkbox'],
    ['race', 'checkboxGroup'],
    ['grad_month', 'monthYear'],
    ['hs_name', 'autocomplete'],
    ['address_line_1', 'autocomplete'],
    ['hs_transcript', 'file'],
    ['resume', 'file'],
  ])('%s is a %s', (key, type) => {
    expect(question(key)?.type).toBe(type);
  });

  it('every phone number shows its format as a visible hint ((###) ###-####)', () => {
    const phones = allQuestions.filter((q) => q.type === 'phone');
    expect(phones.map((q) => q.key)).toEqual(expect.arrayContaining(['phone_home', 'phone_mobile', 'phone_emergency', 'phone_parent', 'phone_2_parent']));
    for (const q of phones) expect(q.hint).toBe(PHONE_HINT);
    expect(PHONE_HINT).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
  });

  it('month and year answers are separate keys, the year key given per field', () => {
    expect(questionAnswerKeys(question('sat_plan_month')!)).toEqual(['sat_plan_month', 'sat_plan_month_desc', 'sat_plan_year', 'sat_plan_year_desc']);
  });

  it('boolean answers are checkboxes', () => {
    for (const key of BOOLEAN_FIELDS) {
      const q = allQuestions.find((x) => questionAnswerKeys(x).includes(key));
      expect([key, q?.type === 'checkbox' || q?.type === 'checkboxGroup']).toEqual([key, true]);
    }
  });

  it('the transcript sits in tab group transcript_source: upload (default) or counselor', () => {
    const tg = tabGroups.find((t) => t.id === 'transcript_source')!;
    expect(tg.defaultTab).toBe('upload');
    expect(tg.tabs.map((t) => [t.id, t.label])).toEqual([
      ['upload', 'Upload my transcript'],
      ['counselor', 'My counselor will send it'],
    ]);
    expect(tg.tabs[0]!.children.some((n) => n.kind === 'question' && n.key === 'hs_transcript')).toBe(true);
    expect(questionPage('hs_transcript')).toBe('education-ug');
  });

  it('add-another buttons: activities (four activity keys) and parents (two parents)', () => {
    const activities = addAnothers.find((a) => a.buttonId === 'activities')!;
    expect(activities.max).toBe(4);
    expect(activities.blocks.map((b) => b.flatMap((n) => (n.kind === 'question' ? [n.key] : [])))).toEqual([
      ['activity_name'],
      ['activity_2_name'],
      ['activity_3_name'],
      ['activity_4_name'],
    ]);
    const parents = addAnothers.find((a) => a.buttonId === 'parents')!;
    expect(parents.max).toBe(2);
    expect(JSON.stringify(parents.blocks[1])).toContain('parent_2_first_name');
    expect(question('resume')?.optional).toBe(true);
  });
});
