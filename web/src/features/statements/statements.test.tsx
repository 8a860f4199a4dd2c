import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { policies } from '#form/institution-policies';
import { statements } from '#form/institution-statements';
import { activateLoaded, chooseLanguage, institutionText } from '#web/lib/i18n';
import { daysInWords } from '../help';
import { AccessibilityStatement } from './routes/accessibility';
import { PrivacyNotice } from './routes/privacy';
import { TermsOfUse } from './routes/terms';
import { calendarDayInWords, paragraphs } from './words';

const page = (element: React.ReactElement) => render(<MemoryRouter>{element}</MemoryRouter>);

describe("the institution's statements, from its configuration", () => {
  it('the accessibility statement names the standard, how it is tested, each known exception and where to report a problem', () => {
    page(<AccessibilityStatement />);
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it is tested' })).toBeInTheDocument();
    for (const exception of statements.accessibility.exceptions) expect(screen.getByText(exception)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: statements.accessibility.contact })).toHaveAttribute('href', `mailto:${statements.accessibility.contact}`);
    expect(screen.getByRole('link', { name: institution.phone })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(screen.getByText(`This statement was last reviewed on ${calendarDayInWords(statements.accessibility.reviewed)}.`)).toBeInTheDocument();
  });

  it('the privacy notice says who is responsible, how long data is kept (the retention settings), who sees it and where to use each right', () => {
    const { container } = page(<PrivacyNotice />);
    expect(container).toHaveTextContent(`${institution.name}, ${institution.address.lines.join(', ')}`);
    expect(screen.getByRole('link', { name: statements.privacy.contact })).toHaveAttribute('href', `mailto:${statements.privacy.contact}`);
    const { unsubmittedDays, submittedDays, warnDays } = policies.retention;
    expect(container).toHaveTextContent(`${daysInWords(unsubmittedDays)} after you last signed in`);
    expect(container).toHaveTextContent(`e-mail you ${daysInWords(warnDays)} before`);
    expect(container).toHaveTextContent(`keep it for ${daysInWords(submittedDays)} after you submitted it`);
    for (const recipient of statements.privacy.sharedWith) expect(screen.getByText(recipient)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'close your account' })).toHaveAttribute('href', '/account/close');
    expect(container).toHaveTextContent(/Download my data/);
    expect(screen.getByRole('link', { name: `${institution.name}'s privacy policy` })).toHaveAttribute('href', institution.links.privacyPolicy.url);
  });

  it('the terms of use are the institution’s paragraphs and the day they last changed', () => {
    page(<TermsOfUse />);
    for (const p of paragraphs(statements.terms.text)) expect(screen.getByText(p)).toBeInTheDocument();
    expect(paragraphs(statements.terms.text).length).toBeGreaterThan(1);
    expect(screen.getByText(`These terms last changed on ${calendarDayInWords(statements.terms.updated)}.`)).toBeInTheDocument();
  });

  it("reads in Spanish and Arabic, the institution's own words as its configuration gives them (issue 41)", async () => {
    await chooseLanguage('es');
    page(<AccessibilityStatement />);
    expect(screen.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: statements.accessibility.contact })).toHaveAttribute('href', `mailto:${statements.accessibility.contact}`);
    expect(calendarDayInWords('2026-09-01')).toBe('1 de septiembre de 2026');
    await chooseLanguage('ar');
    const { container } = page(<TermsOfUse />);
    expect(screen.getByRole('heading', { level: 1, name: 'شروط الاستخدام' })).toBeInTheDocument();
    // The terms as the file writes them in Arabic, the institution's name and title too; nothing marked as English.
    const arabic = paragraphs(institutionText(statements.terms.text));
    expect(arabic[0]).toMatch(/^تتيح جامعة الولاية النموذجية هذا الموقع/);
    for (const p of arabic) expect(screen.getByText(p)).not.toHaveAttribute('lang');
    expect(container).toHaveTextContent('جامعة الولاية النموذجية');
    expect(container).not.toHaveTextContent(institution.name);
    expect(container.querySelector('[lang]')).toBeNull();
    await chooseLanguage('en');
  });

  it("the privacy notice reads in Spanish and Arabic, its links and the institution's recipients kept (issue 41)", async () => {
    await chooseLanguage('es');
    const { unmount } = page(<PrivacyNotice />);
    expect(screen.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sus derechos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: statements.privacy.contact })).toHaveAttribute('href', `mailto:${statements.privacy.contact}`);
    expect(screen.getByRole('link', { name: 'cerrar su cuenta' })).toHaveAttribute('href', '/account/close');
    expect(screen.getByText('Descargar mis datos')).toBeInTheDocument();
    unmount();
    await chooseLanguage('ar');
    page(<PrivacyNotice />);
    expect(screen.getByRole('heading', { level: 1, name: 'إشعار الخصوصية' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سياسة الخصوصية لدى جامعة الولاية النموذجية' })).toHaveAttribute('href', institution.links.privacyPolicy.url);
    for (const recipient of statements.privacy.sharedWith) expect(screen.getByText(institutionText(recipient))).toBeInTheDocument();
    expect(screen.getByText(/^لا يرى مرشدك/)).toBeInTheDocument();
    await chooseLanguage('en');
  });

  it("marks the institution's name and words its configuration does not give in the page's language as English (lang), inside sentences too", async () => {
    await chooseLanguage('ar');
    // The Arabic catalog with no table of the institution's texts: every one of them stays English.
    activateLoaded('ar', i18n.messages, {});
    const { container } = page(<PrivacyNotice />);
    const link = screen.getByRole('link', { name: `سياسة الخصوصية لدى ${institution.name}` });
    expect(link.querySelector(`span[lang="en"]`)).toHaveTextContent(institution.name);
    const marked = [...container.querySelectorAll('span[lang="en"]')].map((e) => e.textContent);
    expect(marked).toEqual(expect.arrayContaining([institution.name, institution.applicationTitle, ...statements.privacy.sharedWith]));
    // Only the names: the sentence around them is Arabic.
    expect(container.querySelector('p span[lang="en"]')!.parentElement).toHaveTextContent(/مسؤولة عن المعلومات الشخصية/);
    await chooseLanguage('en');
    const english = page(<TermsOfUse />);
    expect(english.container.querySelector('[lang]')).toBeNull();
  });

  it('says a calendar day in words without moving it by a time zone', () => {
    expect(calendarDayInWords('2026-09-01')).toBe('September 1, 2026');
    expect(calendarDayInWords('not a day')).toBe('not a day');
  });
});
