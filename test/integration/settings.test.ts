/**
 * Settings on the real local stack, over HTTP (#36.5): an admin edits an announcement and a
 * decision letter; the applicant's decision letter and the public texts show the edits at once
 * (the stack's words cache is set to 0 s here; its expiry is a unit test of
 * domain/settings/cache.ts); bad edits are 400s in words with nothing saved; every version is
 * kept with who saved it and when, and a revert is a new version; each change is in the access
 * record. The e-mails too: an edited subject and body are what the next e-mail of that kind says in
 * the dev outbox, the password reset (the Cognito trigger's) included, whose link still resets.
 * A stack of its own: an edited letter would change what the other files' applicants read.
 * (Readers and deciders are refused every Settings route by the role tests, from the declarations.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { changeOfficeStatus } from '#domain/lifecycle/history';
import { institution } from '#form/institution';
import { fileOfficeWords } from '#form/institution-policies';
import type { IssuedTemporaryLink } from '#form/wire/responses';
import type { OfficeTextsReply, SettingHistory, SettingSaved, SettingsReply } from '#form/wire/settings';
import { setConfig } from '#lambdas/config';
import { NEW_PASSWORD } from '../support/account-journey';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { ApiClient, latestMail, registeredApplicant, uniqueEmail } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

interface Refusal {
  message: string;
  errors?: Record<string, string[]>;
}
interface DecisionBody {
  status: string;
  letter?: { title: string; paragraphs: string[] };
}

const file = fileOfficeWords();

let stack: ChildStack;
let admin: StaffClient;
let decider: StaffClient;
let ada: ApiClient;
const firstName = `Ada${randomUUID().slice(0, 6)}`;

const settings = async () => (await admin.get<SettingsReply>('/staff/api/settings')).body;
const save = (who: ApiClient, section: string, body: unknown) => who.request<SettingSaved & Refusal>('PUT', `/staff/api/settings/${section}`, body);
const publicTexts = async () => (await fetch(`${stack.url}/public/office-texts`).then((r) => r.json())) as OfficeTextsReply;

beforeAll(async () => {
  stack = await startChildStack({ env: { OFFICE_WORDS_CACHE_SECONDS: '0' } });
  setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
  [admin, decider, ada] = await Promise.all([
    signedInStaff(stack.url, undefined, 'admin'),
    signedInStaff(stack.url, undefined, 'decider'),
    registeredApplicant(stack.url),
  ]);
  expect((await ada.put('/api/answer', { ...completeApplication(), first_name: firstName })).status).toBe(200);
  expect((await ada.post('/api/submit')).status).toBe(200);
  // Decided (as the decision slice records it) and released by the admin: the letter is the admit letter.
  expect(
    await decisionsStore.writeDecision(
      ada.subject,
      { decision: 'admit', note: '', decided_by: 'decider@example.edu', decided_at: new Date().toISOString(), version: 1 },
      0,
    ),
  ).toBe(true);
  await changeOfficeStatus({ ...officeStatusStore, readSubmitted }, { id: ada.subject, to: 'decided', staff: 'decider@example.edu', what: 'Decision: admit' });
  expect((await admin.post('/staff/api/releases', { ids: [ada.subject] })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('Settings', () => {
  it('answers the file’s words for every section before any edit, and the public texts are the file’s', async () => {
    const now = await settings();
    expect(now.letters).toEqual({ value: file.letters });
    expect(now.announcements).toEqual({ value: file.announcements });
    expect(now.nextSteps.current).toBeUndefined();
    expect(await publicTexts()).toEqual({ promises: file.promises, submitted: file.submitted, nextSteps: file.nextSteps, announcements: file.announcements });
  });

  it('refuses an unknown placeholder, an empty text and until before from with a 400 in words, and saves nothing', async () => {
    const cases: Array<[string, unknown, string]> = [
      [
        'letters',
        { value: { ...file.letters, admit: { title: 'Welcome', text: 'Dear {frist_name},' } } },
        'Admit letter, text: {frist_name} is not a placeholder a letter knows. Write {first_name}',
      ],
      ['promises', { value: '  ' }, 'The text is empty.'],
      [
        'announcements',
        { value: [{ id: 'late', text: 'Apply now', from: '2027-03-10', until: '2027-03-01', urgent: false }] },
        'until: 2027-03-01 is not after from (2027-03-10)',
      ],
      ['letters', { value: 'a letter' }, 'The letters are missing. Send the four letters.'],
      ['nextSteps', { words: 'x' }, 'Unknown field: words.'],
      ['colours', { value: '#fff' }, 'There is no section of Settings called “colours”.'],
      ['nextSteps', { revertedFrom: 7 }, 'There is no version 7 of what happens next to go back to.'],
    ];
    for (const [section, body, words] of cases) {
      const res = await save(admin, section, body);
      expect([400, 404], `${section} ${JSON.stringify(body)}`).toContain(res.status);
      expect(res.body.message).toContain(words);
    }
    const now = await settings();
    expect(Object.values(now).every((s) => s.current === undefined)).toBe(true);
    expect((await admin.get<SettingHistory>('/staff/api/settings/letters/history')).body).toEqual({ section: 'letters', versions: [] });
  });

  it('a decider is refused with a 403 and nothing is saved', async () => {
    const res = await save(decider, 'promises', { value: 'Not mine to change.' });
    expect(res.status).toBe(403);
    expect((await settings()).promises.current).toBeUndefined();
  });

  it('an admin edits a banner and a letter: the applicant’s letter and the public texts show them, the history keeps who and when, the record says so', async () => {
    const banner = { id: 'open-day', text: `Open day on Saturday ${firstName}`, from: '2020-01-01', until: '2099-01-01', urgent: true };
    const announced = await save(admin, 'announcements', { value: [banner] });
    expect(announced.status).toBe(200);
    expect(announced.body.message).toBe('Saved the announcements (version 1). Applicants see them within a minute.');
    expect((await publicTexts()).announcements).toEqual([banner]);

    const letters = {
      ...file.letters,
      admit: { title: 'Welcome to {institution}, {first_name}!', text: 'Dear {first_name},\n\nYou are admitted for {entry_term}.' },
    };
    const saved = await save(admin, 'letters', { value: letters });
    expect(saved.status).toBe(200);
    expect(saved.body.setting.current).toMatchObject({ version: 1, by: admin.email });
    const seen = await ada.get<DecisionBody>('/api/decision');
    expect(seen.body.letter?.title).toMatch(new RegExp(`^Welcome to .+, ${firstName}!$`));
    expect(seen.body.letter?.paragraphs.slice(0, 2)).toEqual([`Dear ${firstName},`, expect.stringMatching(/^You are admitted for .+\.$/)]);

    const history = await admin.get<SettingHistory>('/staff/api/settings/letters/history');
    expect(history.body.versions).toEqual([{ version: 1, value: letters, by: admin.email, at: expect.any(String) }]);
    const audit = await admin.get<{ items: Array<{ action: string; staff: string; summary: string }> }>('/staff/api/audit');
    const changes = audit.body.items.filter((i) => i.action === 'setting').map((i) => i.summary);
    expect(changes).toEqual(expect.arrayContaining(['Changed the decision letters (version 1)', 'Changed the announcements (version 1)']));
  });

  it('reverts a letter to the file’s words as a new version, recorded as a revert; the applicant reads the file’s letter again', async () => {
    const res = await save(admin, 'letters', { revertedFrom: 0 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Put back the decision letters as they were in the configuration file (now version 2). Applicants see them within a minute.');
    expect((await ada.get<DecisionBody>('/api/decision')).body.letter?.title).toBe(file.letters.admit.title.replace('{first_name}', firstName));
    const history = await admin.get<SettingHistory>('/staff/api/settings/letters/history');
    expect(history.body.versions.map((v) => [v.version, v.revertedFrom])).toEqual([
      [2, 0],
      [1, undefined],
    ]);
    const again = await save(admin, 'letters', { revertedFrom: 1 });
    expect(again.body.setting).toMatchObject({ current: { version: 3, revertedFrom: 1 } });
    expect((await ada.get<DecisionBody>('/api/decision')).body.letter?.paragraphs[0]).toBe(`Dear ${firstName},`);
    const audit = await admin.get<{ items: Array<{ action: string; summary: string }> }>('/staff/api/audit');
    expect(audit.body.items.filter((i) => i.action === 'setting.revert').map((i) => i.summary)).toEqual([
      'Reverted the decision letters to version 1 (now version 3)',
      'Reverted the decision letters to version 0 (the configuration file’s words) (now version 2)',
    ]);
  });
});

describe('Settings: the e-mails', () => {
  const marker = randomUUID().slice(0, 8);

  it('a reader or a decider is refused with a 403 and nothing is saved; a placeholder the e-mail does not know is a 400 in words', async () => {
    const reader = await signedInStaff(stack.url, undefined, 'reader');
    const emails = { ...file.emails, temporaryLink: { subject: `Not mine ${marker}`, body: 'Open {link}' } };
    for (const who of [reader, decider]) expect((await save(who, 'emails', { value: emails })).status).toBe(403);
    const bad = await save(admin, 'emails', { value: { ...file.emails, temporaryLink: { subject: '{institution}', body: 'Dear {frist_name}: {link}' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(
      'Application started by the office e-mail, body: {frist_name} is not a placeholder this e-mail knows. Write one of {name}, {institution}, {link}, {link_expires}, {help_email}.',
    );
    const noLink = await save(admin, 'emails', { value: { ...file.emails, recommendationInvitation: { subject: '{institution}', body: 'Please write.' } } });
    expect(noLink.status).toBe(400);
    expect(noLink.body.message).toContain('Recommendation invitation e-mail, body: has no {link}');
    expect((await settings()).emails).toEqual({ value: file.emails });
    expect((await admin.get<SettingHistory>('/staff/api/settings/emails/history')).body.versions).toEqual([]);
  });

  it('an admin edits two e-mails: the next of each in the dev outbox says the edited words, the applicant’s name never in the subject', async () => {
    const emails = {
      ...file.emails,
      temporaryLink: {
        subject: `{institution} prepared it for you (${marker})`,
        body: `Hello {name},\n\nYour answers wait at\n{link}\nuntil {link_expires}. ${marker}`,
      },
      recommendationInvitation: {
        subject: `{institution}: a letter, please (${marker})`,
        body: `Dear {recommender_name},\n\n{applicant_and_school} asks you for {recommendation_kind}: {link} ${marker}`,
      },
    };
    const saved = await save(admin, 'emails', { value: emails });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Saved the e-mails (version 1). Applicants see them within a minute.');

    const prospect = { name: `Grace ${marker}`, email: uniqueEmail('prospect') };
    const issued = await admin.post<IssuedTemporaryLink>('/staff/api/temporary-links', {
      answer: { first_name: 'Grace' },
      expires_in_days: 7,
      recipient: prospect,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const linkMail = await latestMail(stack.url, prospect.email);
    expect(linkMail.subject).toBe(`${institution.name} prepared it for you (${marker})`);
    expect(linkMail.text.startsWith(`Hello ${prospect.name},\n\nYour answers wait at\n${issued.body.url}\nuntil `)).toBe(true);
    // The signature is still the configuration file's, after the edited body.
    expect(linkMail.text).toMatch(new RegExp(`${marker}\n\n`));
    expect(linkMail.link).toBe(issued.body.url);

    // An applicant whose name an invitation may carry (Ada's has digits, for her letter's tests).
    const bea = await registeredApplicant(stack.url);
    expect((await bea.put('/api/answer', { ...completeApplication(), first_name: 'Beatrice', last_name: 'Shilling' })).status).toBe(200);
    const recommender = uniqueEmail('recommender');
    const invited = await bea.post('/api/recommendations', { role: 'counselor', first_name: 'Grace', last_name: 'Hopper', email: recommender });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const invitation = await latestMail(stack.url, recommender);
    expect(invitation.subject).toBe(`${institution.name}: a letter, please (${marker})`);
    expect(invitation.subject).not.toContain('Beatrice');
    expect(invitation.text).toMatch(
      new RegExp(
        `^Dear Grace Hopper,\n\nBeatrice Shilling .+ asks you for a school counselor’s recommendation: ${stack.url}/recommend\\?token=\\S+ ${marker}\n`,
      ),
    );

    const audit = await admin.get<{ items: Array<{ action: string; summary: string }> }>('/staff/api/audit');
    expect(audit.body.items.filter((i) => i.action === 'setting').map((i) => i.summary)).toContain('Changed the e-mails (version 1)');
  });
  it('an admin edits the password reset e-mail: a reset asked for over HTTP arrives in those words, and its link still resets the password', async () => {
    const now = (await settings()).emails.value;
    const noCode = await save(admin, 'emails', { value: { ...now, passwordReset: { subject: 'New password', body: 'Open {link}' } } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toContain('Password reset e-mail, body: has no {code}');
    const passwordReset = {
      subject: `{institution}: your new password (${marker})`,
      body: `Someone asked to reset your password for {application_title}. ${marker}\n\n[Set a new one here]({link})\n\nYour code: {code}\n\nHelp: {help_email}`,
    };
    const saved = await save(admin, 'emails', { value: { ...now, passwordReset } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const bea = await registeredApplicant(stack.url);
    expect((await new ApiClient(stack.url).post('/public/forgot-password', { username: bea.username })).status).toBe(200);
    const mail = await latestMail(stack.url, bea.username);
    expect(mail.subject).toBe(`${institution.name}: your new password (${marker})`);
    expect(mail.text).toBe(
      `Someone asked to reset your password for ${institution.applicationTitle}. ${marker} Set a new one here Your code: ${mail.code} Help: ${institution.helpEmail}`,
    );
    const link = new URL(mail.link!);
    expect([link.origin, link.pathname, link.searchParams.get('username'), link.searchParams.get('id')]).toEqual([
      new URL(stack.url).origin,
      '/reset',
      bea.username,
      mail.code,
    ]);
    const reset = await new ApiClient(stack.url).post('/public/reset-password', {
      username: bea.username,
      id: link.searchParams.get('id'),
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await new ApiClient(stack.url).post('/public/login', { username: bea.username, password: NEW_PASSWORD })).status).toBe(200);
  });
});
