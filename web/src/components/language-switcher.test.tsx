import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '#web/app/site-header';
import { LoginRoute } from '#web/features/auth/routes/login';
import { SignupRoute } from '#web/features/auth/routes/signup';
import { SiteFooter } from '#web/features/help';
import { initialLanguage } from '#web/lib/i18n';
import { renderRoutes } from '#web/test/render-app';

function renderPage(path: string, card: React.ReactNode) {
  return renderRoutes(
    [
      {
        path,
        element: (
          <>
            <SiteHeader />
            <main>{card}</main>
            <SiteFooter />
          </>
        ),
      },
    ],
    [path],
  );
}

const languages = () => within(screen.getByRole('navigation', { name: /Language|Idioma|اللغة/ }));

describe('the language switcher', () => {
  it('names each language in itself, marked with its own lang, the active one current', () => {
    renderPage('/login', <LoginRoute />);
    const buttons = languages().getAllByRole('button');
    expect(buttons.slice(0, 3).map((b) => [b.textContent, b.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
      ['العربية', 'ar'],
    ]);
    expect(languages().getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(languages().getByRole('button', { name: 'Español' })).not.toHaveAttribute('aria-current');
  });

  it('puts the sign-in page, its validation and the footer in Spanish, sets lang, and remembers the choice', async () => {
    renderPage('/login', <LoginRoute />);
    await userEvent.click(languages().getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('language')).toBe('es');
    // The cookie the site chooses the prerendered file by (form/prerendered.ts), so the next page arrives in Spanish.
    expect(document.cookie).toMatch(/(^|; )language=es(;|$)/);
    expect(languages().getByRole('button', { name: 'Español' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Declaración de accesibilidad' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cree una' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText('Indique una dirección de correo electrónico válida.')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria.')).toBeInTheDocument();
    expect(initialLanguage()).toBe('es');
  });

  it('puts the sign-up page right to left in Arabic, its password rules included', async () => {
    renderPage('/signup', <SignupRoute />);
    await userEvent.click(languages().getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('يجب أن تحتوي كلمة المرور على:')).toBeInTheDocument();
    expect(screen.getByText('12 حرفًا على الأقل')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('كلمة المرور'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(screen.getByText('يجب ألا تقل كلمة المرور عن 12 حرفًا.')).toBeInTheDocument();
    // And back: the words and the direction follow.
    await userEvent.click(languages().getByRole('button', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  });

  it("follows the browser's languages on a first visit, and a remembered choice after; the language cookie first", () => {
    document.cookie = 'language=; Path=/; Max-Age=0';
    localStorage.removeItem('language');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-SA', 'en']);
    expect(initialLanguage()).toBe('ar');
    localStorage.setItem('language', 'es');
    expect(initialLanguage()).toBe('es');
    localStorage.setItem('language', 'xx');
    expect(initialLanguage()).toBe('ar');
    // The page was served for the cookie's language: the browser starts in it.
    document.cookie = 'language=es; Path=/';
    expect(initialLanguage()).toBe('es');
    document.cookie = 'language=; Path=/; Max-Age=0';
  });
});
