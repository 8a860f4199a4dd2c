/**
 * The institution's texts per language (issue 41): a value in the active language, else the
 * institution's; the applicant's pages find a translation by the institution-language words,
 * which the office's own words (Settings) are not among.
 */
import { localizedIn, missingLanguages, OTHER_LANGUAGES, textIn } from './institution-text';

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
