import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answersStore } from '#web/lib/answers';
import { getPage, type FormNode } from '../model';
import { FormRuntimeContext, type FormRuntime } from './form-runtime';
import { Nodes } from './FormNodes';
import { testRuntime } from './test-runtime';

/** The real contact section of About You. */
const contactNodes = (): readonly FormNode[] => getPage('about').sections.find((s) => s.id === 'contact')!.children;

function renderContact(errors: FormRuntime['errors'] = {}) {
  const runtime = testRuntime({ errors });
  render(
    <FormRuntimeContext.Provider value={runtime}>
      <Nodes nodes={contactNodes()} />
    </FormRuntimeContext.Provider>,
  );
}

describe('"Home phone or cell phone" reads as one requirement', () => {
  beforeEach(() => answersStore.set(() => ({})));

  it('the pair is one group that says one of them is needed, before any error', () => {
    renderContact();
    const pair = screen.getByRole('group', { name: 'Home phone or cell phone' });
    expect(pair).toHaveAccessibleDescription(/at least one/i);
    const home = within(pair).getByRole('textbox', { name: 'Home Phone' });
    const cell = within(pair).getByRole('textbox', { name: 'Cell Phone' });
    // Neither field is marked or announced as required on its own.
    for (const input of [home, cell]) {
      expect(input).not.toBeRequired();
      expect(input).not.toHaveAttribute('aria-required');
    }
  });

  it('the emergency contact phone stays a field of its own, outside the pair', () => {
    renderContact();
    const pair = screen.getByRole('group', { name: 'Home phone or cell phone' });
    expect(within(pair).queryByRole('textbox', { name: /Emergency/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Emergency Contact Phone' })).toBeInTheDocument();
  });
});
