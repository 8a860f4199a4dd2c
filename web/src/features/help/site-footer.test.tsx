import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { policies } from '#form/institution-policies';
import { daysInWords } from './retention-words';
import { SiteFooter } from './SiteFooter';

const renderFooter = () =>
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );

describe('footer', () => {
  it("links every page to the institution's statements", () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute('href', '/accessibility');
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
  });
});

describe('footer dialogs', () => {
  it('Help shows the institution’s help e-mail, office address and phone in a small modal', () => {
    renderFooter();
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    expect(within(dialog).getByRole('link', { name: institution.helpEmail })).toHaveAttribute('href', `mailto:${institution.helpEmail}`);
    expect(within(dialog).getByRole('link', { name: institution.phone })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    for (const line of institution.address.lines) expect(dialog).toHaveTextContent(line);
    expect(dialog).toHaveTextContent(`${institution.address.city}, ${institution.address.state} ${institution.address.zip}`);
    expect(dialog).toHaveClass('dialog--s');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('Privacy explains cookies, links to browsers and the privacy policy, mentions analytics opt-out and this year’s copyright', async () => {
    renderFooter();
    fireEvent.click(screen.getByRole('button', { name: 'Privacy' }));
    const dialog = screen.getByRole('dialog', { name: 'Privacy' });
    await within(dialog).findByRole('link', { name: 'Chrome' });
    expect(dialog).toHaveTextContent(/cookies/i);
    for (const browser of ['Chrome', 'Firefox', 'Safari', 'Edge']) expect(within(dialog).getByRole('link', { name: browser })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/opt out of analytics/i);
    expect(within(dialog).getByRole('link', { name: institution.links.privacyPolicy.label })).toHaveAttribute('href', institution.links.privacyPolicy.url);
    expect(dialog).toHaveTextContent(`© ${new Date().getFullYear()} ${institution.name}`);
  });

  it('Privacy states what is kept and for how long from the retention configuration, and how to get a copy or close the account', async () => {
    renderFooter();
    fireEvent.click(screen.getByRole('button', { name: 'Privacy' }));
    const dialog = screen.getByRole('dialog', { name: 'Privacy' });
    await within(dialog).findByRole('heading', { name: 'What we keep, and for how long' });
    const { unsubmittedDays, submittedDays, warnDays } = policies.retention;
    expect(dialog).toHaveTextContent(`${daysInWords(unsubmittedDays)} after you last signed in`);
    expect(dialog).toHaveTextContent(`e-mail you ${daysInWords(warnDays)} before`);
    expect(dialog).toHaveTextContent(`keep it for ${daysInWords(submittedDays)} after you submitted it`);
    expect(dialog).toHaveTextContent(/Download my data/);
    expect(within(dialog).getByRole('link', { name: institution.helpEmail })).toHaveAttribute('href', `mailto:${institution.helpEmail}`);
  });

  it('says a number of days as a person would', () => {
    expect(daysInWords(2555)).toBe('7 years');
    expect(daysInWords(365)).toBe('1 year');
    expect(daysInWords(400)).toBe('400 days (about 13 months)');
    expect(daysInWords(14)).toBe('14 days');
    expect(daysInWords(1)).toBe('1 day');
  });

  it('closes a dialog with Escape', () => {
    renderFooter();
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Help' })).not.toBeInTheDocument();
  });
});
