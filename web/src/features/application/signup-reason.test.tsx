import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answersStore } from '#web/lib/answers';
import { updateSnapshot } from '#web/lib/session';
import { renderRoutes } from '#web/test/render-app';
import { SignupRoute } from '../auth/routes/signup';
import type { FormContext } from './model';
import { useFormNavigation } from './use-form-navigation';

const ctx: FormContext = { tabs: {}, addAnother: {} };

/** A form page's three ways forward. */
function Page() {
  const nav = useFormNavigation(ctx);
  return (
    <>
      <h1>1. About You</h1>
      <button type="button" onClick={() => void nav.saveAndGo('/education-ug')}>
        Save and continue
      </button>
      <button type="button" onClick={() => void nav.goTo('/education-ug')}>
        2. Your Academics
      </button>
      <button type="button" onClick={() => void nav.submit()}>
        Submit
      </button>
    </>
  );
}

function renderApp() {
  return renderRoutes(
    [
      { path: '/about', element: <Page /> },
      { path: '/education-ug', element: <h1>2. Your Academics</h1> },
      { path: '/signup', element: <SignupRoute /> },
    ],
    ['/about'],
  );
}

const REASON = 'Create an account to save your answers. What you typed is kept.';

describe('an anonymous applicant sent to sign up is told why', () => {
  afterEach(() => {
    answersStore.set({});
  });

  for (const button of ['Save and continue', '2. Your Academics', 'Submit']) {
    it(`after ${button}, with the answers typed kept`, async () => {
      updateSnapshot({ is_logged_in: false });
      answersStore.set({ first_name: 'Ada' });
      const router = renderApp();
      await userEvent.click(screen.getByRole('button', { name: button }));
      await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
      expect(screen.getByText(REASON)).toBeInTheDocument();
      expect(router.state.location.state).toMatchObject({ studentAnswers: { first_name: 'Ada' } });
    });
  }

  it('not when the visitor opened Sign Up themselves', () => {
    renderRoutes([{ path: '/signup', element: <SignupRoute /> }], [{ pathname: '/signup', state: { studentAnswers: { first_name: 'Ada' } } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.queryByText(/Create an account to save your answers/)).not.toBeInTheDocument();
  });
});
