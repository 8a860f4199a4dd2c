import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { institution } from '#form/institution';
import { mailSender } from '#form/institution-mail';
import { fileOfficeWords } from '#form/office-file-words';
import type { SettingVersion } from '#form/wire/settings';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, renderApp, sessionOf as session, stubStaffApi, type Call } from '../shared/test-support';

journeys(30_000);

const file = fileOfficeWords();
const saves = (calls: Call[], section: string) => calls.filter((c) => c.method === 'PUT' && c.url === `/staff/api/settings/${section}`).map((c) => c.body);

/** Settings as the server keeps them: each save a new version, read again after it. */
function settingsServer() {
  let letters = file.letters;
  let emails = file.emails;
  let reminders = file.reminders;
  const versions: SettingVersion[] = [];
  return stubStaffApi({
    ...session('admin'),
    'GET /staff/api/settings': () => ({
      body: {
        announcements: { value: file.announcements },
        letters: { value: letters, ...(versions[0] ? { current: { version: versions[0].version, by: versions[0].by, at: versions[0].at } } : {}) },
        promises: { value: file.promises },
        submitted: { value: file.submitted },
        nextSteps: { value: file.nextSteps },
        emails: { value: emails },
        reminders: { value: reminders },
      },
    }),
    'GET /staff/api/settings/reminders/history': () => ({ body: { section: 'reminders', versions: [] } }),
    'PUT /staff/api/settings/reminders': ({ body }) => {
      reminders = (body as { value: typeof reminders }).value;
      const version = { version: 1, by: 'ana@example.edu', at: '2026-11-24T08:00:00.000Z' };
      return {
        body: { message: 'Saved the reminders’ days (version 1). The next daily reminders use them.', setting: { value: reminders, current: version } },
      };
    },
    'GET /staff/api/settings/emails/history': () => ({ body: { section: 'emails', versions: [] } }),
    'PUT /staff/api/settings/emails': ({ body }) => {
      emails = (body as { value: typeof emails }).value;
      const version = { version: 1, by: 'ana@example.edu', at: '2026-11-24T08:00:00.000Z' };
      return { body: { message: 'Saved the e-mails (version 1). Applicants see them within a minute.', setting: { value: emails, current: version } } };
    },
    'GET /staff/api/settings/letters/history': () => ({ body: { section: 'letters', versions } }),
    'PUT /staff/api/settings/letters': ({ body }) => {
      const request = body as { value?: typeof letters; revertedFrom?: number };
      letters = request.value ?? (versions.find((v) => v.version === request.revertedFrom)?.value as typeof letters | undefined) ?? file.letters;
      const version = { version: versions.length + 1, value: letters, by: 'ana@example.edu', at: '2026-11-24T08:00:00.000Z' };
      versions.unshift(version);
      return { body: { message: `Saved the decision letters (version ${version.version}).`, setting: { value: letters, current: version } } };
    },
  });
}

describe('Settings', () => {
  it('checks a letter as the server does before the preview: an unknown placeholder in the summary and at its field, nothing sent', async () => {
    const calls = settingsServer();
    const user = userEvent.setup();
    renderApp('/staff/settings/letters');
    expect(await screen.findByRole('heading', { level: 2, name: 'Decision letters' })).toBeInTheDocument();
    const admit = within(screen.getByRole('group', { name: 'Admit letter' })).getByLabelText('Text');
    await user.clear(admit);
    await user.type(admit, 'Dear {{frist_name},');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admit letter, text: {frist_name} is not a placeholder a letter knows. Write {first_name}');
    expect(admit).toHaveAttribute('aria-invalid', 'true');
    const described = (admit.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toContain('{frist_name} is not a placeholder');
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(saves(calls, 'letters')).toEqual([]);
    await expectNoAxeViolations('Settings with an error');
  });

  it('previews a letter as the applicant will read it, then saves it; the history offers to go back', async () => {
    const calls = settingsServer();
    const user = userEvent.setup();
    renderApp('/staff/settings/letters');
    const group = await screen.findByRole('group', { name: 'Admit letter' });
    await user.clear(within(group).getByLabelText('Title'));
    await user.type(within(group).getByLabelText('Title'), 'Welcome, {{first_name}!');
    await user.clear(within(group).getByLabelText('Text'));
    await user.type(within(group).getByLabelText('Text'), 'Dear {{first_name},{Enter}{Enter}You are admitted for {{entry_term}.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    const letter = within(preview).getByRole('article', { name: 'Admit letter' });
    expect(within(letter).getByRole('heading', { name: 'Welcome, Ada!' })).toBeInTheDocument();
    // The sample applicant applies for the institution's first entry term on offer today.
    expect(letter).toHaveTextContent(`Dear Ada,You are admitted for ${institution.entryTerms[0]!.label}.`);
    expect(within(preview).getByRole('heading', { name: 'Preview' })).toHaveFocus();
    await expectNoAxeViolations('Settings with a preview');

    await user.click(within(preview).getByRole('button', { name: 'Save these words' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved the decision letters (version 1).'));
    const edited = { ...file.letters, admit: { title: 'Welcome, {first_name}!', text: 'Dear {first_name},\n\nYou are admitted for {entry_term}.' } };
    expect(saves(calls, 'letters')).toEqual([{ value: edited }]);
    expect(await screen.findByText(/Version 1, saved by ana@example.edu/)).toHaveTextContent('in use now');

    await user.click(screen.getByRole('button', { name: 'Go back to the configuration file’s decision letters' }));
    await vi.waitFor(() => expect(saves(calls, 'letters')).toEqual([{ value: edited }, { revertedFrom: 0 }]));
    expect(await screen.findByRole('button', { name: 'Go back to version 1' })).toBeInTheDocument();
  });

  it('edits an e-mail: the placeholders beside its fields, a bad one refused in the summary, the preview as it will arrive, then saved', async () => {
    const calls = settingsServer();
    const user = userEvent.setup();
    renderApp('/staff/settings/emails');
    const group = await screen.findByRole('group', { name: 'Decision released e-mail' });
    const subject = within(group).getByLabelText('Subject');
    const body = within(group).getByLabelText('Body');
    // The hint that lists the e-mail's placeholders describes both fields.
    for (const field of [subject, body]) expect(field).toHaveAccessibleDescription(expect.stringContaining('{first_name} the applicant’s first name'));
    expect(body).toHaveAccessibleDescription(expect.stringContaining('The body must keep {link}.'));

    await user.clear(subject);
    await user.type(subject, '{{first_name}, news from {{institution}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Decision released e-mail, subject: {first_name} cannot go in the subject');
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(saves(calls, 'emails')).toEqual([]);
    await expectNoAxeViolations('Settings: an e-mail with an error');

    await user.clear(subject);
    await user.type(subject, 'News from {{institution}');
    await user.clear(body);
    await user.type(body, 'Hello {{first_name},{Enter}{Enter}Read it here: {{link}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    const mail = within(preview).getByRole('article', { name: 'Decision released e-mail' });
    expect(within(mail).getByText('From').nextElementSibling).toHaveTextContent(mailSender.senderName);
    expect(within(mail).getByText('Subject').nextElementSibling).toHaveTextContent(`News from ${institution.name}`);
    // The body as plain text, filled in for a sample recipient, then the configured signature.
    expect(mail).toHaveTextContent(`Hello Ada, Read it here: ${window.location.origin}/completion ${mailSender.signature.split('\n')[0]}`);
    await expectNoAxeViolations('Settings: an e-mail previewed');

    await user.click(within(preview).getByRole('button', { name: 'Save these words' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved the e-mails (version 1).'));
    expect(saves(calls, 'emails')).toEqual([
      { value: { ...file.emails, release: { subject: 'News from {institution}', body: 'Hello {first_name},\n\nRead it here: {link}' } } },
    ]);
  });

  it('previews the password reset e-mail as its HTML arrives: the link’s words a link, the code in bold, no signature', async () => {
    settingsServer();
    const user = userEvent.setup();
    renderApp('/staff/settings/emails');
    const group = await screen.findByRole('group', { name: 'Password reset e-mail' });
    expect(within(group).getByLabelText('Body')).toHaveAccessibleDescription(
      expect.stringContaining('The body must keep {link} and {code}. A blank line starts a paragraph; [words]({link}) makes those words the link.'),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    const mail = within(preview).getByRole('article', { name: 'Password reset e-mail' });
    expect(within(mail).getByText('Subject').nextElementSibling).toHaveTextContent('Reset your password');
    expect(within(mail).getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', `${window.location.origin}/completion`);
    expect(within(mail).getByText('042137').tagName).toBe('STRONG');
    expect(mail).not.toHaveTextContent(mailSender.signature.split('\n')[0]!);
  });

  it('sets the reminders’ days: a bad number refused in words at its field, one turned off by leaving it empty, the preview in words, then saved', async () => {
    const calls = settingsServer();
    const user = userEvent.setup();
    renderApp('/staff/settings/reminders');
    const deadline = await screen.findByLabelText('Deadline reminder: days');
    expect(deadline).toHaveAccessibleDescription(expect.stringContaining('days before the round’s deadline'));
    await user.clear(deadline);
    await user.type(deadline, '0');
    await user.clear(screen.getByLabelText('Missing materials reminder: days'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deadline reminder: 0 is not a number of days from 1 to 365.');
    expect(deadline).toHaveAttribute('aria-invalid', 'true');
    expect(saves(calls, 'reminders')).toEqual([]);
    await expectNoAxeViolations('Settings: the reminders with an error');

    await user.clear(deadline);
    await user.type(deadline, '10');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Deadline reminder: 10 days before the round’s deadline');
    expect(preview).toHaveTextContent('Missing materials reminder: off, not sent');
    await expectNoAxeViolations('Settings: the reminders previewed');
    await user.click(within(preview).getByRole('button', { name: 'Save these words' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved the reminders’ days (version 1).'));
    // As the checks leave it: the turned-off reminder left out.
    expect(saves(calls, 'reminders')).toEqual([{ value: { deadline: 10, ...(file.reminders.reply ? { reply: file.reminders.reply } : {}) } }]);
  });

  it('is offered to admins only', async () => {
    stubStaffApi({ ...session('decider'), 'GET /staff/api/applications': { body: { items: [], cursor: null } } });
    renderApp('/staff/applications');
    expect(await screen.findByRole('navigation', { name: 'Admissions office' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });
});
