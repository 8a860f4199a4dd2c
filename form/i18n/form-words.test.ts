/**
 * The form model's words and the catalogs (issue 41): the model's English is the source, so the
 * English catalog must hold every word the model shows under its derived id, word for word, and
 * nothing the model no longer says; each template must give back the model's own sentence.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishCountryName } from '../choice-labels';
import { institution } from '../institution';
import { countries } from '../options';
import { alpha2Of } from '../options/country-alpha2';
import { BINDING_AGREE_LABEL } from '../pages/final-steps';
import { FILE_MESSAGES, fileNameTooLong, MESSAGES } from '../validation/messages';
import { FORM_TEMPLATES, formTextId, matchTemplate } from './form-words';
import { modelTexts } from './model-texts';

const catalog = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'catalogs', `${code}.json`), 'utf8')) as Record<string, string>;
const english = catalog('en');

describe("the form model's words in the catalogs", () => {
  const texts = modelTexts();

  it('names every word of the model by an id of its own (no two texts share one)', () => {
    const byId = new Map<string, string>();
    for (const text of texts) {
      const other = byId.get(formTextId(text));
      expect(other === undefined || other === text, `${text} and ${other}`).toBe(true);
      byId.set(formTextId(text), text);
    }
    expect(texts.length).toBeGreaterThan(250);
  });

  it('holds every word of the model, word for word, in the English catalog', () => {
    const missing = texts.filter((t) => english[formTextId(t)] !== t);
    expect(missing, 'add these to form/i18n/catalogs/*.json (then npm run i18n -- compile)').toEqual([]);
  });

  it('holds no word the model no longer says', () => {
    const said = new Set(texts.map(formTextId));
    const stale = Object.keys(english).filter((id) => id.startsWith('form.t.') && !said.has(id));
    expect(stale).toEqual([]);
  });

  it("names every country of the model in the catalogs (form.country.<alpha-2>: English is choice-labels.ts's name)", () => {
    const named = countries.filter((o) => alpha2Of(o.value));
    expect(named.length).toBeGreaterThan(240);
    for (const o of named) expect(english[`form.country.${alpha2Of(o.value)}`], o.value).toBe(englishCountryName(o.value));
  });

  it('has each template in the English catalog as form-words.ts writes it', () => {
    for (const [id, message] of Object.entries(FORM_TEMPLATES)) expect(english[id], id).toBe(message);
  });

  it("reads each template's values back out of the model's own sentences", () => {
    expect(matchTemplate(MESSAGES.maxLength(45))).toEqual({ id: 'form.m.maxLength', values: { max: '45' } });
    expect(matchTemplate(MESSAGES.choiceNotOffered('Spring 2030'))).toEqual({ id: 'form.m.choiceNotOffered', values: { label: 'Spring 2030' } });
    expect(matchTemplate(MESSAGES.termClosed('Fall 2025'))).toEqual({ id: 'form.m.termClosed', values: { label: 'Fall 2025' } });
    expect(matchTemplate(MESSAGES.roundClosed('Early Action'))).toEqual({ id: 'form.m.roundClosed', values: { label: 'Early Action' } });
    expect(matchTemplate(MESSAGES.yearNotOffered('1999'))).toEqual({ id: 'form.m.yearNotOffered', values: { year: '1999' } });
    expect(matchTemplate(MESSAGES.mailingMinYear(2023))).toEqual({ id: 'form.m.mailingMinYear', values: { year: '2023' } });
    expect(matchTemplate(MESSAGES.mailingMaxYear(2029))).toEqual({ id: 'form.m.mailingMaxYear', values: { year: '2029' } });
    expect(matchTemplate(FILE_MESSAGES.nameTooLong)).toEqual({ id: 'form.m.fileNameTooLong', values: { max: '32' } });
    expect(matchTemplate(fileNameTooLong(255))?.values).toEqual({ max: '255' });
    expect(matchTemplate(BINDING_AGREE_LABEL)).toEqual({ id: 'form.m.bindingAgree', values: { institution: institution.name } });
    expect(matchTemplate(`Please ask your school counselor to send your transcript to ${institution.name}.`)?.id).toBe('form.m.transcriptCounselorNote');
    expect(matchTemplate('First Name')).toBeUndefined();
  });

  it.each(['es', 'ar'])('%s translates every form word (nothing of the form pending)', (code) => {
    const translated = catalog(code);
    const untranslated = Object.keys(english).filter((id) => id.startsWith('form.') && !translated[id]);
    expect(untranslated).toEqual([]);
  });
});

describe("a page's name, said once per language", () => {
  // The navigation and the document's title name a page by `title.*` (the app part, loaded
  // first); its heading by the model's word (the form part). A translator who words them apart
  // leaves the applicant looking for "Sus estudios" in a list that says "Su formación académica".
  const pages = { 'title.about': 'About You', 'title.education': 'Your Academics', 'title.finalSteps': 'Final Steps' };
  it.each(['en', 'es', 'ar'])('%s: the navigation and the heading agree', (code) => {
    const words = catalog(code);
    for (const [titleId, english] of Object.entries(pages)) expect(words[titleId], titleId).toBe(words[formTextId(english)]);
  });
});
