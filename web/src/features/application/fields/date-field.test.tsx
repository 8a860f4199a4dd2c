import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { questionFor } from '#form/model';
import { answersStore } from '#web/lib/answers';
import { updateSnapshot } from '#web/lib/session';
import { FormRuntimeContext } from '../components/form-runtime';
import { useVisibleErrors } from '../components/FormProvider';
import { testRuntime } from '../components/test-runtime';
import type { FormContext, TextQuestion } from '../model';
import { validateKey } from '../validate';
import { DateField } from './DateField';

const ctx: FormContext = { tabs: {}, addAnother: {} };

function birthDate(): TextQuestion {
  const q = questionFor('birth_date');
  if (!q || q.type !== 'date') throw new Error('no birth_date question');
  return q;
}

/** The field as the form renders it, with the summary's errors beside it. */
function Harness() {
  const errors = useVisibleErrors(ctx);
  const runtime = testRuntime({ errors, validateField: (key, answers) => validateKey(key, answers, ctx) });
  return (
    <FormRuntimeContext.Provider value={runtime}>
      <DateField q={birthDate()} errors={errors.birth_date} />
      <pre data-testid="summary">{JSON.stringify(errors.birth_date ?? [])}</pre>
    </FormRuntimeContext.Provider>
  );
}

/** What Chromium reports for an impossible or half-typed date: an empty value and validity.badInput. */
function typeBadDate(input: HTMLInputElement) {
  Object.defineProperty(input, 'validity', { configurable: true, value: { ...input.validity, badInput: true, valid: false } });
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.blur(input);
}

describe('an impossible or half-typed date of birth says so', () => {
  beforeEach(() => {
    answersStore.set({ birth_date: '2008-05-01' });
    updateSnapshot({ is_logged_in: true, web_status: 'started' });
  });

  it('at the field, as the applicant leaves it', () => {
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Date of Birth');
    typeBadDate(input);
    expect(screen.getByText('A valid date of birth is required.')).toBeInTheDocument();
    expect(answersStore.get().birth_date).toBe('');
  });

  it('at the field and in the summary while validating, instead of the required message', () => {
    render(<Harness />);
    typeBadDate(screen.getByLabelText<HTMLInputElement>('Date of Birth'));
    act(() => updateSnapshot({ web_status: 'validating' }));
    expect(JSON.parse(screen.getByTestId('summary').textContent ?? '[]')).toEqual(['A valid date of birth is required.']);
    expect(screen.queryByText('Date of Birth', { selector: 'li' })).toBeNull();
  });

  it('a date typed in full again replaces the message', () => {
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Date of Birth');
    typeBadDate(input);
    Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: false, valid: true } });
    fireEvent.change(input, { target: { value: '2008-06-02' } });
    expect(screen.queryByText('A valid date of birth is required.')).toBeNull();
    expect(answersStore.get().birth_date).toBe('2008-06-02');
  });
});
