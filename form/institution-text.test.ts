/**
 * The institution's texts per language (issue 41): a value in the active language, else the
 * institution's; the applicant's pages find a translation by the institution-language words,
 * which the office's own words (Settings) are not among.
 */
import { localizedIn, missingLanguages, OTHER_LANGUAGES, sentenceParts, shownIn, textIn } from './institution-text';

describe("an institution's text", () => {
  const promises = { en: 'No application fee.', es: 'Sin cuota de solicitud.' };

  it("is its language's value, else the institution's (English)", () => {
    expect(textIn(promises, 'es')).toBe('Sin cuota de solicitud.');
    expect(textIn(promises, 'ar')).toBe('No application fee.');
    expect(textIn(promises, 'en')).toBe('No application fee.');
    expect(textIn('Biology', 'ar')).toBe('Biology');
  });

  it('names the languages it lacks: every other one for plain words', () => {
    expect(OTHER_LANGUAGES).toEqual(['es', 'ar']);
    expect(missingLanguages(promises)).toEqual(['ar']);
    expect(missingLanguages('Biology')).toEqual(['es', 'ar']);
    expect(missingLanguages({ en: 'Biology', es: 'Biología', ar: 'علم الأحياء' })).toEqual([]);
  });

  it("is found in the active language's table by its words; other words stay as written", () => {
    const table = { 'No application fee.': 'Sin cuota de solicitud.' };
    expect(localizedIn(table, 'No application fee.')).toBe('Sin cuota de solicitud.');
    // The office's edit in Settings: not in the table, shown as the office wrote it.
    expect(localizedIn(table, 'No fee this year!')).toBe('No fee this year!');
    expect(localizedIn(undefined, 'No application fee.')).toBe('No application fee.');
    // An entry term as the form shows it: "<label> <year>".
    expect(localizedIn({ Fall: 'Otoño' }, 'Fall 2027')).toBe('Otoño 2027');
    expect(localizedIn({ Fall: 'Otoño' }, 'Winter 2027')).toBe('Winter 2027');
    // Words that are a property of every object are not a translation.
    expect(localizedIn(table, 'constructor')).toBe('constructor');
  });
});

describe("the institution's words on a page in another language (their lang)", () => {
  const table = { 'Example State University': 'Universidad Estatal de Ejemplo', 'Northbay Polytechnic Institute': 'Northbay Polytechnic Institute' };

  it("are marked as the institution's language when untranslated or written the same, never on its own pages", () => {
    expect(shownIn(table, 'Example State University', 'es')).toEqual({ text: 'Universidad Estatal de Ejemplo' });
    // A proper name the institution does not translate (the same words per language), and a text with no translation.
    expect(shownIn(table, 'Northbay Polytechnic Institute', 'es')).toEqual({ text: 'Northbay Polytechnic Institute', lang: 'en' });
    expect(shownIn(table, 'Freshman Application', 'ar')).toEqual({ text: 'Freshman Application', lang: 'en' });
    expect(shownIn(undefined, 'Freshman Application', 'en')).toEqual({ text: 'Freshman Application' });
    // The pseudo-locale is English made strange; words without a letter are in no language.
    expect(shownIn(undefined, 'Freshman Application', 'pseudo')).toEqual({ text: 'Freshman Application' });
    expect(shownIn(undefined, '2026–27', 'ar')).toEqual({ text: '2026–27' });
  });

  it('are cut out of a translated sentence to be marked, the longest name first', () => {
    const names = [
      { text: 'Example State', lang: 'en' as const },
      { text: 'Example State University', lang: 'en' as const },
      { text: 'Solicitud de Primer Ingreso' },
    ];
    expect(sentenceParts('Recibimos su Solicitud de Primer Ingreso para Example State University.', names)).toEqual([
      'Recibimos su Solicitud de Primer Ingreso para ',
      { text: 'Example State University', lang: 'en' },
      '.',
    ]);
    expect(sentenceParts('Example State University (Example State)', names)).toEqual([
      { text: 'Example State University', lang: 'en' },
      ' (',
      { text: 'Example State', lang: 'en' },
      ')',
    ]);
    expect(sentenceParts('Sin nombres.', names)).toEqual(['Sin nombres.']);
    expect(sentenceParts('A (b)', [{ text: '(b)', lang: 'en' }])).toEqual(['A ', { text: '(b)', lang: 'en' }]);
  });
});
