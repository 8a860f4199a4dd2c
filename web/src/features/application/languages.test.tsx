/**
 * The form pages in Spanish and Arabic (issue 41): the model's English words shown in the
 * applicant's language, the rules' messages too (the error summary groups them by page), options
 * and countries in that language while the stored values stay codes, and Arabic right to left.
 * English names its countries from its catalog too (the model carries their codes).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { COUNTRY_ROWS } from '#form/choice-labels';
import { MESSAGES } from '#form/validation/messages';
import { answersStore } from '#web/lib/answers';
import { chooseLanguage, loadPart } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import { updateSnapshot } from '#web/lib/session';
import { FormRuntimeContext } from './components/form-runtime';
import { formSummaryItems } from './components/form-summary';
import { Nodes } from './components/FormNodes';
import { useVisibleErrors } from './components/FormProvider';
import { testRuntime } from './components/test-runtime';
import { getPage } from './model';
import { formWord, monthNames, shownOptions } from './words';

const section = (page: 'about' | 'education-ug', id: string) => getPage(page).sections.find((s) => s.id === id)!.children;

async function speak(code: 'en' | 'es' | 'ar') {
  await chooseLanguage(code);
  await loadPart('form');
}

function renderNodes(page: 'about' | 'education-ug', id: string) {
  render(
    <FormRuntimeContext.Provider value={testRuntime()}>
      <Nodes nodes={section(page, id)} />
    </FormRuntimeContext.Provider>,
  );
}

function VisibleErrors() {
  const errors = useVisibleErrors({ tabs: {}, addAnother: {} });
  return <pre data-testid="errors">{JSON.stringify(errors)}</pre>;
}
const withApp = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={['/about']}>{children}</MemoryRouter>
  </QueryClientProvider>
);

describe('the form in English', () => {
  beforeEach(async () => {
    answersStore.set(() => ({}));
    await speak('en');
  });

  it("offers every country by the English name the server stores, in the model's order (the United States first), from the catalog's form part", () => {
    renderNodes('about', 'permanent_address');
    const country = screen.getByRole('combobox', { name: 'Country' });
    const options = within(country).getAllByRole('option');
    const usa = COUNTRY_ROWS.find((c) => c.value === 'USA')!;
    const expected = [usa, ...COUNTRY_ROWS.filter((c) => c !== usa)];
    expect(options.slice(1).map((o) => [o.getAttribute('value'), o.textContent])).toEqual(expected.map((c) => [c.value, c.label]));
  });

  it("names an option as a country only when the model's country list labels it by its code: an institution's option of the same code keeps its words", () => {
    expect(shownOptions([{ value: 'CHE', label: 'CHE' }], 'en')).toEqual([{ value: 'CHE', label: 'Switzerland' }]);
    expect(shownOptions([{ value: 'CHE', label: 'Chemistry' }], 'en')).toEqual([{ value: 'CHE', label: 'Chemistry' }]);
  });
});

describe('the form in Spanish', () => {
  beforeEach(async () => {
    answersStore.set(() => ({}));
    await speak('es');
  });

  it('labels, hints, the phone pair and "(optional)" are Spanish, the document is lang="es" left to right', () => {
    renderNodes('about', 'contact');
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    const pair = screen.getByRole('group', { name: 'Teléfono de casa o celular' });
    expect(pair).toHaveAccessibleDescription(/al menos uno/);
    expect(within(pair).getByRole('textbox', { name: /^Teléfono de casa/ })).toHaveAccessibleDescription(/Por ejemplo/);
    // jsdom's name computation loses the "(optional)" span's leading space; browsers keep it.
    expect(screen.getByRole('textbox', { name: /^Nombre del contacto de emergencia ?\(opcional\)$/ })).toBeInTheDocument();
  });

  it('radios and dropdowns offer Spanish words for the same stored codes, countries by Intl with the United States first', () => {
    renderNodes('about', 'personal');
    expect(screen.getByRole('radio', { name: 'Femenino' })).toHaveAttribute('value', 'F');
    screen.getByRole('button', { name: 'Agregar un nombre preferido' });
    render(
      <FormRuntimeContext.Provider value={testRuntime()}>
        <Nodes nodes={section('about', 'permanent_address')} />
      </FormRuntimeContext.Provider>,
    );
    const country = screen.getByRole('combobox', { name: 'País' });
    const options = within(country).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Seleccione…');
    expect(options[1]).toHaveTextContent('Estados Unidos');
    expect(options[1]).toHaveAttribute('value', 'USA');
    expect(within(country).getByRole('option', { name: 'México' })).toHaveAttribute('value', 'MEX');
    const names = options.slice(2).map((o) => o.textContent ?? '');
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
  });

  it("the rules' messages are Spanish, templates with their values, the English rules unchanged", () => {
    updateSnapshot({ is_logged_in: true, web_status: 'validating' });
    render(<VisibleErrors />, { wrapper: withApp });
    const errors = JSON.parse(screen.getByTestId('errors').textContent ?? '{}') as Record<string, string[]>;
    expect(errors.first_name).toEqual(['Nombre']);
    expect(errors.phone_home).toEqual(['Ingrese un número de teléfono de casa o de celular.']);
    expect(formWord(MESSAGES.maxLength(45))).toBe('debe tener como máximo 45 caracteres');
    // The term inside is the institution's, in Spanish as its configuration gives it (issue 41, item 2).
    expect(formWord('Fall 2025 is no longer open. Please choose another term.')).toBe('Otoño 2025 ya no está abierto. Elija otro período, por favor.');
    // A word of the institution's configuration has no id: shown as the configuration gives it in Spanish, else as written.
    expect(formWord('Computer Science')).toBe('Ciencias de la Computación');
    expect(formWord('Marine Biology')).toBe('Marine Biology');
  });
});

describe('the form in Arabic', () => {
  beforeEach(async () => {
    answersStore.set(() => ({}));
    await speak('ar');
  });

  it('is right to left, its words Arabic, its months as Intl names them', () => {
    renderNodes('about', 'personal');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('textbox', { name: 'الاسم الأول' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'الجنس' })).toBeInTheDocument();
    expect(monthNames('ar')[0]).toBe(new Intl.DateTimeFormat('ar', { month: 'long' }).format(new Date(2000, 0, 15)));
  });

  it('groups the summary under each page in Arabic', () => {
    const t = (id: string, values?: Record<string, unknown>) => `${id}:${JSON.stringify(values)}`;
    const [item] = formSummaryItems({ first_name: ['First Name'] }, t);
    expect(item?.group).toBe('form.ui.toFix:{"number":1,"title":"معلومات عنك","count":1}');
  });
});
