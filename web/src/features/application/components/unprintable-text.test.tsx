import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answersStore } from '#web/lib/answers';
import { printableRangesLoaded, questionFor, validateApplication, type Question } from '../model';
import { FormRuntimeContext } from './form-runtime';
import { QuestionField } from './FormNodes';
import { testRuntime } from './test-runtime';

function renderFirstName(answers: Record<string, string>) {
  answersStore.set(answers);
  const runtime = testRuntime({ errors: validateApplication(answers) });
  render(
    <FormRuntimeContext.Provider value={runtime}>
      <QuestionField q={questionFor('first_name') as Question} />
    </FormRuntimeContext.Provider>,
  );
  return screen.getByRole('textbox', { name: /First Name/ });
}

beforeAll(() => printableRangesLoaded);
afterEach(() => answersStore.set({}));

describe('a name the application PDF cannot print', () => {
  it('is refused at its field, naming the characters, tied to the input for screen readers', () => {
    const input = renderFirstName({ first_name: 'சசி' });
    expect(input).toHaveAccessibleDescription(/Your application PDF cannot print these characters: “ச”, “ி”\./);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('in a script the PDF prints, passes', () => {
    const input = renderFirstName({ first_name: '王小明' });
    expect(input).not.toHaveAccessibleDescription(/cannot print/);
  });
});
