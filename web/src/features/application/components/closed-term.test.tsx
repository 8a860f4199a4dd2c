import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { termLabel } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { currentCycle } from '#form/timetable';
import { answersStore } from '#web/lib/answers';
import { institution, questionFor, validateApplication, type Question } from '../model';
import { FormRuntimeContext } from './form-runtime';
import { QuestionField } from './FormNodes';
import { testRuntime } from './test-runtime';

function renderEntryTerm(answers: Record<string, string>) {
  answersStore.set(answers);
  const errors = validateApplication(answers);
  const runtime = testRuntime({ errors });
  render(
    <FormRuntimeContext.Provider value={runtime}>
      <QuestionField q={questionFor('entry_term') as Question} />
    </FormRuntimeContext.Provider>,
  );
  return screen.getByRole<HTMLSelectElement>('combobox', { name: /When do you plan to enroll\?/ });
}

afterEach(() => answersStore.set({}));

describe('a stored entry term that has closed', () => {
  it('stays shown as the chosen term, marked no longer available, with a message that names it in words', () => {
    const select = renderEntryTerm({ entry_term: '2020FA', entry_term_desc: 'Fall 2020' });
    expect(select.value).toBe('2020FA');
    expect(select.selectedOptions[0]).toHaveTextContent('Fall 2020 (no longer available)');
    expect(screen.getByText('Fall 2020 is no longer open. Please choose another term.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/must be one of/);
    // The open terms are still offered.
    for (const t of institution.entryTerms) expect(screen.getByRole('option', { name: t.label })).toBeInTheDocument();
  });

  it('an open term shows as itself, with nothing added', () => {
    const open = institution.entryTerms[0]!;
    const select = renderEntryTerm({ entry_term: open.value, entry_term_desc: open.label });
    expect(select.selectedOptions[0]).toHaveTextContent(open.label);
    expect(screen.queryByText(/no longer/)).not.toBeInTheDocument();
  });
});

describe('the entry-term question (issue 37)', () => {
  it("offers exactly the current cycle's entry terms, in the file's order and in words", () => {
    const cycle = currentCycle(timetable.cycles, new Date(), timetable.timeZone)!;
    const select = renderEntryTerm({});
    const offered = [...select.options].filter((o) => o.value !== '');
    expect(offered.map((o) => o.value)).toEqual(cycle.entryTerms);
    expect(offered.map((o) => o.textContent)).toEqual(cycle.entryTerms.map((code) => termLabel(code)));
    // The next cycle's terms are not offered before it opens.
    const later = timetable.cycles.find((c) => c !== cycle)!.entryTerms.filter((t) => !cycle.entryTerms.includes(t));
    expect(later.length).toBeGreaterThan(0);
    for (const code of later) expect(screen.queryByRole('option', { name: termLabel(code) })).not.toBeInTheDocument();
  });
});
