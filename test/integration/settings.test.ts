/**
 * Settings on the real local stack, over HTTP (#36.5): an admin edits an announcement and a
 * decision letter; the applicant's decision letter and the public texts show the edits at once
 * (the stack's words cache is set to 0 s here; its expiry is a unit test of
 * domain/settings/cache.ts); bad edits are 400s in words with nothing saved; every version is
 * kept with who saved it and when, and a revert is a new version; each change is in the access
 * record. The e-mails too: an edited subject and body are what the next e-mail of that kind says in
 * the dev outbox, the password reset (the Cognito trigger's) included, whose link still resets.
 * A stack of its own: an edited letter would change what the other files' applicants read.
 * Staff users (#39.8) too: the last active admin's protection needs an office whose admins the test
 * knows, which the shared stack's files (each signing in admins of its own) are not.
 * (Readers and deciders are refused every Settings route by the role tests, from the declarations.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { changeOfficeStatus } from '#domain/lifecycle/history';
import { institution } from '#form/institution';
import { fileOfficeWords } from '#form/office-file-words';
import type { IssuedTemporaryLink } from '#form/wire/responses';
import type { OfficeTextsReply, SettingHistory, SettingSaved, SettingsReply } from '#form/wire/settings';
import { setConfig } from '#lambdas/config';
import { NEW_PASSWORD } from '../support/account-journey';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { ApiClient, latestMail, registeredApplicant, uniqueEmail } from '../support/client';
import { signedInStaff, STAFF_PASSWORD, type StaffClient } from '../support/staff';

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

describe('Staff users (an admin’s)', () => {
  interface Row {
    email: string;
    role: string | null;
    mfa: boolean;
    last_sign_in: string | null;
    active: boolean;
    invited: boolean;
  }
  interface AuditItems {
    items: Array<{ staff: string; action: string; summary: string; detail?: Record<string, string> }>;
  }
  const list = async (who: StaffClient = admin) => (await who.get<{ items: Row[] }>('/staff/api/staff-users')).body.items;
  const rowOf = async (email: string) => (await list()).find((r) => r.email === email);
  const path = (email: string, tail: string) => `/staff/api/staff-users/${encodeURIComponent(email)}/${tail}`;
  const signIn = (email: string, password: string) => new ApiClient(stack.url).post('/staff/api/login', { email, password });
  let reader: StaffClient;

  beforeAll(async () => {
    reader = await signedInStaff(stack.url, undefined, 'reader');
    // The office's admins are this file's one admin and those the tests below make: the others (none today) are deactivated first.
    for (const row of await list()) if (row.role === 'admin' && row.active && row.email !== admin.email) await admin.post(path(row.email, 'deactivate'));
  }, 60_000);

  it('readers and deciders are refused every staff-user route (403 in words), with nothing changed or recorded', async () => {
    for (const who of [reader, decider]) {
      const answers = [
        await who.get('/staff/api/staff-users'),
        await who.post('/staff/api/staff-users', { email: uniqueEmail('refused'), role: 'admin' }),
        await who.request('PUT', path(who.email, 'role'), { role: 'admin' }),
        await who.post(path(admin.email, 'deactivate')),
        await who.post(path(admin.email, 'reactivate')),
      ];
      for (const res of answers) expect(res).toMatchObject({ status: 403, body: { message: expect.stringContaining('does not allow this') } });
    }
    expect((await rowOf(reader.email))?.role).toBe('reader');
    expect((await rowOf(admin.email))?.active).toBe(true);
    const office = await admin.get<AuditItems>('/staff/api/audit');
    expect(office.body.items.filter((i) => i.action.startsWith('staff-user') && (i.staff === reader.email || i.staff === decider.email))).toEqual([]);
  });

  it('lists every staff user with role, authenticator, last sign-in and whether active', async () => {
    const rows = await list();
    expect(rows.find((r) => r.email === admin.email)).toEqual({
      email: admin.email,
      role: 'admin',
      mfa: true,
      last_sign_in: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      active: true,
      invited: false,
    });
    expect(rows.find((r) => r.email === reader.email)).toMatchObject({ role: 'reader', mfa: true, active: true });
    expect(Date.now() - Date.parse(rows.find((r) => r.email === reader.email)!.last_sign_in!)).toBeLessThan(120_000);
  });

  it('invites a colleague: the invitation with a temporary password lands in the outbox; a bad e-mail or role is a 400, an existing e-mail a 409, in words', async () => {
    const email = uniqueEmail('colleague');
    const invited = await admin.post<{ message: string; user: Row }>('/staff/api/staff-users', { email, role: 'reader' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.user).toMatchObject({ email, role: 'reader', active: true, invited: true, mfa: false });
    const mail = await latestMail(stack.url, email);
    expect(mail.code).toBeTruthy();
    expect(await rowOf(email)).toEqual({ email, role: 'reader', mfa: false, last_sign_in: null, active: true, invited: true });

    expect(await admin.post('/staff/api/staff-users', { email: 'not an address', role: 'reader' })).toMatchObject({
      status: 400,
      body: { message: 'Enter the e-mail address in the correct format, like name@example.edu.' },
    });
    expect(await admin.post('/staff/api/staff-users', { email: uniqueEmail('x'), role: 'owner' })).toMatchObject({
      status: 400,
      body: { message: 'Choose a role: reader, decider, admin.' },
    });
    expect(await admin.post('/staff/api/staff-users', { email: email.toUpperCase(), role: 'admin' })).toMatchObject({
      status: 409,
      body: { message: `A staff user with the e-mail ${email} already exists.` },
    });
    expect((await rowOf(email))?.role).toBe('reader');
  });

  it('a role change takes effect on the next token: the session says the old role until it is refreshed', async () => {
    const colleague = await signedInStaff(stack.url, undefined, 'reader');
    const changed = await admin.request<{ user: Row }>('PUT', path(colleague.email, 'role'), { role: 'decider' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await colleague.get('/staff/api/session')).body).toEqual({ email: colleague.email, role: 'reader' });
    expect((await colleague.post('/staff/api/refresh')).status).toBe(200);
    expect((await colleague.get('/staff/api/session')).body).toEqual({ email: colleague.email, role: 'decider' });
    expect(await admin.request('PUT', path('nobody-here@example.edu', 'role'), { role: 'admin' })).toMatchObject({
      status: 404,
      body: { message: 'There is no staff user with the e-mail nobody-here@example.edu.' },
    });
  });

  it('the last active admin is neither demoted nor deactivated (409 in words), nor does an admin deactivate themselves', async () => {
    expect((await list()).filter((r) => r.role === 'admin' && r.active).map((r) => r.email)).toEqual([admin.email]);
    expect(await admin.request('PUT', path(admin.email, 'role'), { role: 'reader' })).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/is the last active admin/) },
    });
    expect(await admin.post(path(admin.email, 'deactivate'))).toMatchObject({
      status: 409,
      body: { message: 'You cannot deactivate yourself. Another admin can, if it is needed.' },
    });
    expect(await rowOf(admin.email)).toMatchObject({ role: 'admin', active: true });
  });

  it('two admins demoting each other at the same moment: one succeeds, the other is refused, and one active admin is left', async () => {
    const second = await signedInStaff(stack.url, undefined, 'admin');
    const [a, b] = await Promise.all([
      admin.request('PUT', path(second.email, 'role'), { role: 'decider' }),
      second.request('PUT', path(admin.email, 'role'), { role: 'decider' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const admins = (await list()).filter((r) => r.role === 'admin' && r.active).map((r) => r.email);
    expect(admins).toHaveLength(1);
    // The one left makes this file's admin an admin again if it was the one demoted.
    if (admins[0] !== admin.email) {
      expect((await second.request('PUT', path(admin.email, 'role'), { role: 'admin' })).status).toBe(200);
      expect((await admin.post('/staff/api/refresh')).status).toBe(200);
    }
  });

  it('a deactivated member’s session is refused within a minute, their refresh and sign-in at once; reactivated, they sign in again; every change is on record', async () => {
    const colleague = await signedInStaff(stack.url, undefined, 'decider');
    expect((await colleague.get('/staff/api/session')).status).toBe(200);
    const started = Date.now();
    const done = await admin.post<{ message: string; user: Row }>(path(colleague.email, 'deactivate'));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Every staff route reads the member's sessions' record through a cache of a few seconds (SESSION_CACHE_SECONDS).
    let status = 200;
    while (status !== 401 && Date.now() - started < 60_000) {
      status = (await colleague.get('/staff/api/session')).status;
      if (status !== 401) await new Promise((ok) => setTimeout(ok, 500));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect((await colleague.post('/staff/api/refresh')).status).toBe(401);
    expect(await signIn(colleague.email, STAFF_PASSWORD)).toMatchObject({ status: 401, body: { message: 'Incorrect e-mail or password.' } });
    expect(await rowOf(colleague.email)).toMatchObject({ active: false });

    expect((await admin.post(path(colleague.email, 'reactivate'))).status).toBe(200);
    expect(await signIn(colleague.email, STAFF_PASSWORD)).toMatchObject({ status: 200, body: { challenge: 'SOFTWARE_TOKEN_MFA' } });
    expect(await rowOf(colleague.email)).toMatchObject({ active: true });

    const trail = async (action: string) =>
      (await admin.get<AuditItems>(`/staff/api/audit?action=${action}`)).body.items.filter((i) => i.detail?.email === colleague.email);
    expect(await trail('staff-user.deactivate')).toEqual([
      expect.objectContaining({ staff: admin.email, summary: `Deactivated the staff user ${colleague.email}` }),
    ]);
    expect(await trail('staff-user.reactivate')).toEqual([
      expect.objectContaining({ staff: admin.email, summary: `Reactivated the staff user ${colleague.email}` }),
    ]);
    const roles = (await admin.get<AuditItems>('/staff/api/audit?action=staff-user.role')).body.items;
    expect(roles.some((i) => i.staff === admin.email && /^Changed the role of the staff user .+ from reader to decider$/.test(i.summary))).toBe(true);
    const invites = (await admin.get<AuditItems>('/staff/api/audit?action=staff-user.invite')).body.items;
    expect(invites.some((i) => i.staff === admin.email && /^Invited .+ as a staff user \(reader\)$/.test(i.summary))).toBe(true);
  });
});
