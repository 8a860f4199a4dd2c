/**
 * Suppression and one-click unsubscribe on the real local stack, over HTTP (issue 40, item 5): a
 * marketing mailing to four submitted applicants carries RFC 8058's headers and the link (the dev
 * outbox keeps the headers); one applicant unsubscribes by the one-click POST, a bounce and a
 * complaint are simulated for two others through /_dev/mail (the handler SES's events reach); the
 * next marketing mailing reaches only the fourth and counts three suppressed, a transactional one
 * still reaches the one who unsubscribed. The link's page changes nothing; a guessed token is a
 * 404 in words, then a 429; a used token used again changes nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MailingDetail, MailingSaved } from '#form/wire/messages';
import type { SuppressionList } from '#form/wire/suppression';
import { completeApplication } from '../support/answers';
import { outbox, registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const RECIPIENTS = 4;

const dev = async (path: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}/_dev/${path}`, {
    method: 'POST',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as { message: string };
};

async function submittedApplicant(tag: string, n: number): Promise<ApiClient & { username: string }> {
  const applicant = await registeredApplicant(baseUrl);
  const saved = await applicant.put('/api/answer', { ...completeApplication(), first_name: `${tag}${n}`, last_name: `Suppress${tag}` });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await applicant.post('/api/submit')).status).toBe(200);
  return applicant;
}

/** The link of a List-Unsubscribe header, made relative to the local stack (the header names the configured origin). */
const linkOf = (header: string | undefined) => {
  const url = new URL(/^<(.+)>$/.exec(header ?? '')?.[1] ?? 'http://invalid/');
  return `${baseUrl}${url.pathname}${url.search}`;
};

const oneClick = (link: string, body = 'List-Unsubscribe=One-Click') =>
  fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

describe('suppression and one-click unsubscribe', () => {
  const tag = `Su${randomUUID().slice(0, 6).replace(/-/g, '')}`;
  let admin: StaffClient;
  let reader: StaffClient;
  const applicants: Array<ApiClient & { username: string }> = [];
  const draft = (kind: string, subject: string) => ({
    subject,
    body: 'Dear {first_name},\n\nThe open day is on Saturday.',
    kind,
    recipients: { source: 'submitted', filters: { q: `Suppress${tag}` } },
  });
  const emails = () => applicants.map((a) => a.username);

  async function send(kind: string, subject: string): Promise<MailingDetail> {
    const saved = await admin.post<MailingSaved>('/staff/api/mailings', draft(kind, subject));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.recipient_count).toBe(RECIPIENTS);
    const sent = await admin.post(`/staff/api/mailings/${saved.body.mailing.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await dev('mailings/settle');
    return (await admin.get<MailingDetail>(`/staff/api/mailings/${saved.body.mailing.id}`)).body;
  }
  const received = async (subject: string) => (await outbox(baseUrl)).filter((m) => m.subject.endsWith(subject) && emails().includes(m.to));

  beforeAll(async () => {
    [admin, reader] = await Promise.all([signedInStaff(baseUrl), signedInStaff(baseUrl, undefined, 'reader')]);
    applicants.push(...(await Promise.all(Array.from({ length: RECIPIENTS }, (_, n) => submittedApplicant(tag, n)))));
  }, 240_000);

  it('unsubscribes by the one-click POST, suppresses a bounce and a complaint, and the next mailings skip and count them', async () => {
    const first = await send('marketing', `open day ${tag}`);
    expect(first.progress).toEqual({ queued: 0, sent: RECIPIENTS, failed: 0, suppressed: 0 });
    const mails = await received(`open day ${tag}`);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails()].sort());
    for (const mail of mails) {
      expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\?t=[A-Za-z0-9_-]{43}>$/);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain(`unsubscribe: ${/^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]}`);
    }
    const linkTo = (email: string) => linkOf(mails.find((m) => m.to === email)!.headers!['List-Unsubscribe']);
    const [a0, a1, a2, a3] = emails() as [string, string, string, string];

    // The page a person opens changes nothing; its button posts the one-click form.
    const page = await fetch(linkTo(a0), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toMatch(/<form method="post" action="\/unsubscribe\?t=[A-Za-z0-9_-]{43}"><input type="hidden" name="List-Unsubscribe" value="One-Click">/);
    expect((await admin.get<SuppressionList>('/staff/api/suppressions')).body.suppressions.filter((s) => emails().includes(s.email))).toEqual([]);

    // The one-click POST, as a mail provider sends it: no session, a form body. Again: the same answer, nothing changes.
    const done = await oneClick(linkTo(a0));
    expect(done.status).toBe(200);
    expect(((await done.json()) as { message: string }).message).toMatch(/is unsubscribed/);
    const entry = (await admin.get<SuppressionList>('/staff/api/suppressions')).body.suppressions.find((s) => s.email === a0.toLowerCase());
    expect(entry).toMatchObject({ reason: 'unsubscribed' });
    expect((await oneClick(linkTo(a0))).status).toBe(200);
    expect((await admin.get<SuppressionList>('/staff/api/suppressions')).body.suppressions.find((s) => s.email === a0.toLowerCase())).toEqual(entry);
    const again = await (await fetch(linkTo(a0), { headers: { accept: 'text/html' } })).text();
    expect(again).toContain('is unsubscribed already');
    expect(again).not.toContain('<form');

    // The mail service's feedback, through the handler its events reach.
    expect((await dev('mail/bounce', { email: a1 })).message).toMatch(/the address is suppressed/);
    expect((await dev('mail/complaint', { email: a2 })).message).toMatch(/the address is suppressed/);
    const list = await admin.get<SuppressionList>('/staff/api/suppressions');
    expect(
      Object.fromEntries(
        list.body.suppressions
          .filter((s) =>
            emails()
              .map((e) => e.toLowerCase())
              .includes(s.email),
          )
          .map((s) => [s.email, s.reason]),
      ),
    ).toEqual({
      [a0.toLowerCase()]: 'unsubscribed',
      [a1.toLowerCase()]: 'bounced',
      [a2.toLowerCase()]: 'complained',
    });
    expect((await reader.get('/staff/api/suppressions')).status).toBe(403);

    const second = await send('marketing', `second news ${tag}`);
    expect((await received(`second news ${tag}`)).map((m) => m.to)).toEqual([a3]);
    expect(second.progress).toEqual({ queued: 0, sent: 1, failed: 0, suppressed: 3 });
    expect(second.state).toBe('sent');

    const third = await send('transactional', `your application ${tag}`);
    expect((await received(`your application ${tag}`)).map((m) => m.to).sort()).toEqual([a0, a3].sort());
    expect(third.progress).toEqual({ queued: 0, sent: 2, failed: 0, suppressed: 2 });
    expect((await received(`your application ${tag}`)).every((m) => m.headers === undefined)).toBe(true);

    // An admin takes the complaint off the list (audited); a second time it is not on it.
    expect((await reader.delete(`/staff/api/suppressions/${encodeURIComponent(a2)}`)).status).toBe(403);
    expect((await admin.delete(`/staff/api/suppressions/${encodeURIComponent(a2)}`)).status).toBe(200);
    expect((await admin.delete(`/staff/api/suppressions/${encodeURIComponent(a2)}`)).status).toBe(404);
  }, 240_000);

  it('does not write the reply’s confirmation to a bounced address, as other product mail (issue 40’s leftover)', async () => {
    const [kept, bounced] = await Promise.all([submittedApplicant(`${tag}r`, 0), submittedApplicant(`${tag}r`, 1)]);
    expect((await dev('mail/bounce', { email: bounced.username })).message).toMatch(/the address is suppressed/);
    const decider = await signedInStaff(baseUrl, undefined, 'decider');
    for (const a of [kept, bounced]) expect((await decider.put(`/staff/api/applications/${a.subject}/decision`, { decision: 'admit' })).status).toBe(200);
    expect((await admin.post('/staff/api/releases', { ids: [kept.subject, bounced.subject] })).status).toBe(200);
    for (const a of [kept, bounced]) expect((await a.post('/api/decision/reply', { reply: 'accept' })).status).toBe(200);
    await expect.poll(async () => (await outbox(baseUrl)).some((m) => m.to === kept.username && /your reply has been received/.test(m.subject))).toBe(true);
    // The release notice and the reply's confirmation alike: nothing to the bounced address.
    expect(
      (await outbox(baseUrl)).filter((m) => m.to === bounced.username && /update to your application|your reply has been received/.test(m.subject)),
    ).toEqual([]);
  }, 120_000);

  it('refuses a form that does not say One-Click, a malformed token (400), a guessed one (404 in words), then the guesser (429)', async () => {
    const guess = `${baseUrl}/unsubscribe?t=${randomBytes(32).toString('base64url')}`;
    const bad = await oneClick(guess, 'List-Unsubscribe=Yes');
    expect(bad.status).toBe(400);
    expect((await fetch(`${baseUrl}/unsubscribe?t=short`, { method: 'POST' })).status).toBe(400);
    const unknown = await oneClick(guess);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/^This unsubscribe link is not known/);
    let status = 404;
    for (let i = 0; i < 25 && status === 404; i++) status = (await oneClick(`${baseUrl}/unsubscribe?t=${randomBytes(32).toString('base64url')}`)).status;
    expect(status).toBe(429);
    const page = await fetch(guess, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('wait an hour');
  });
});
