import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { SiteFooter } from './SiteFooter';

describe('footer dialogs', () => {
  it('Help shows the institution’s help e-mail, office address and phone in a small modal', () => {
    render(<SiteFooter />);
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

  it('Privacy explains cookies, links to browsers and the privacy policy, mentions analytics opt-out and this year’s copyright', () => {
    render(<SiteFooter />);
    fireEvent.click(screen.getByRole('button', { name: 'Privacy' }));
    const dialog = screen.getByRole('dialog', { name: 'Privacy' });
    expect(dialog).toHaveTextContent(/cookies/i);
    for (const browser of ['Chrome', 'Firefox', 'Safari', 'Edge']) expect(within(dialog).getByRole('link', { name: browser })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/opt out of analytics/i);
    expect(within(dialog).getByRole('link', { name: institution.links.privacyPolicy.label })).toHaveAttribute('href', institution.links.privacyPolicy.url);
    expect(dialog).toHaveTextContent(`© ${new Date().getFullYear()} ${institution.name}`);
  });

  it('closes a dialog with Escape', () => {
    render(<SiteFooter />);
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Help' })).not.toBeInTheDocument();
  });
});
