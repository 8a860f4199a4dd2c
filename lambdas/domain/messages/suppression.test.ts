import { describe, expect, it } from 'vitest';
import type { MailingDraft, MailingKind } from '#form/wire/messages';
import { SUPPRESSION_REASONS, UNSUBSCRIBE_TOKEN } from '#form/wire/suppression';
import { NotFound, TooManyRequests } from '../errors';
import { createMailing, readMailing, sendMailing } from './mailings';
import { CYCLE, id, messagesWorld, NOW, ROUND, submitted } from './memory.test-support';
import { applicantMessages } from './messages';
import { deliverOne, runMailing } from './sending';
import {
  deleteSuppression,
  listSuppressions,
  productMailer,
  readUnsubscribe,
  recordFeedback,
  stopsProductMail,
  suppresses,
  unsubscribe,
  UNSUBSCRIBE_LINK_DAYS,
  UNSUBSCRIBE_MISSES,
  UNSUBSCRIBE_USES,
} from './suppression';
import { memorySuppression } from './suppression.test-support';

const draft = (kind: MailingKind): MailingDraft => ({
  subject: '{institution}: news for {round}',
  body: 'Dear {first_name},\n\nThe open day is on Saturday.',
  kind,
  recipients: { source: 'submitted', filters: { cycle: CYCLE.id, round: ROUND.id } },
});

const apps = (n: number) => Array.from({ length: n }, (_, i) => submitted(i + 1));
const DAY_MS = 86_400_000;

/** A mailing of `kind` written, sent and every delivery run. */
async function mailed(w: ReturnType<typeof messagesWorld>, kind: MailingKind) {
  const mailing = (await createMailing(w.ports, draft(kind), 'officer@example.edu')).mailing.id;
  await sendMailing(w.ports, mailing, {}, 'officer@example.edu');
  await runMailing(w.ports, mailing);
  while (w.queued.length > 0) {
    const job = w.queued.shift()!;
    await deliverOne(w.ports, job.mailing, job.application);
  }
  return mailing;
}

const tokenOf = (text: string) => /\/unsubscribe\?t=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('which mail a suppression stops', () => {
  it('bounced and complained stop every mailing; unsubscribed only marketing', () => {
    const table = SUPPRESSION_REASONS.map((reason) => [reason, suppresses(reason, 'marketing'), suppresses(reason, 'transactional')]);
    expect(table).toEqual([
      ['unsubscribed', true, false],
      ['bounced', true, true],
      ['complained', true, true],
    ]);
  });

  it('skips and counts suppressed recipients: a marketing mailing reaches none of the three, a transactional one the unsubscribed one', async () => {
    const w = messagesWorld(apps(4));
    await w.suppression.suppressions.putSuppression({ email: 'a1@example.com', reason: 'unsubscribed', at: NOW.toISOString() });
    await recordFeedback(w.ports, { type: 'bounce', permanent: true, emails: ['A2@Example.com'], detail: 'General' });
    await recordFeedback(w.ports, { type: 'complaint', permanent: true, emails: ['a3@example.com'], detail: 'abuse' });

    const marketing = await mailed(w, 'marketing');
    expect(w.outbox.map((m) => m.to)).toEqual(['a4@example.com']);
    const detail = await readMailing(w.ports, marketing);
    expect(detail.progress).toEqual({ queued: 0, sent: 1, failed: 0, suppressed: 3 });
    expect(detail.state).toBe('sent');
    expect([...w.ledger.values()].filter((r) => r.state === 'suppressed').map((r) => r.reason)).toEqual([
      expect.stringContaining('unsubscribed'),
      expect.stringContaining('bounced'),
      expect.stringContaining('reported'),
    ]);
    // Nothing is kept for a recipient who was not sent it.
    expect((await applicantMessages(w.ports, id(1))).messages).toEqual([]);

    w.outbox.length = 0;
    const transactional = await mailed(w, 'transactional');
    expect(w.outbox.map((m) => m.to).sort()).toEqual(['a1@example.com', 'a4@example.com']);
    expect((await readMailing(w.ports, transactional)).progress).toMatchObject({ sent: 2, suppressed: 2 });
  });
});

describe('the one-click unsubscribe in a marketing message', () => {
  it('carries RFC 8058’s headers and the link in its last lines; a transactional one neither, and says why it is sent', async () => {
    const w = messagesWorld(apps(2));
    await mailed(w, 'marketing');
    const [mail] = w.outbox;
    const token = tokenOf(mail!.text);
    expect(token).toMatch(UNSUBSCRIBE_TOKEN);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<https://apply.example.edu/unsubscribe?t=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.text).toMatch(/To receive no more messages like it, unsubscribe: https:\/\/apply\.example\.edu\/unsubscribe\?t=/);
    // Each message its own token; the applicant's copy in the portal without the link.
    expect(tokenOf(w.outbox[1]!.text)).not.toBe(token);
    expect((await applicantMessages(w.ports, id(1))).messages[0]!.text).not.toContain('unsubscribe');

    w.outbox.length = 0;
    await mailed(w, 'transactional');
    expect(w.outbox[0]!.headers).toBeUndefined();
    expect(w.outbox[0]!.text).not.toContain('unsubscribe');
    expect(w.outbox[0]!.text).toContain('it concerns your application');
  });

  it('unsubscribes the token’s address; a second use changes nothing; the page before it changes nothing', async () => {
    const w = messagesWorld(apps(1));
    await mailed(w, 'marketing');
    const token = tokenOf(w.outbox[0]!.text);
    expect(await readUnsubscribe(w.ports, token, '203.0.113.9')).toMatchObject({ email: 'a•••@example.com', unsubscribed: false });
    expect(w.suppression.entries.size).toBe(0);
    expect((await unsubscribe(w.ports, token, '203.0.113.9')).message).toMatch(/^a•••@example\.com is unsubscribed/);
    const first = w.suppression.entries.get('a1@example.com');
    expect(first).toMatchObject({ email: 'a1@example.com', reason: 'unsubscribed' });
    w.state.now = new Date(NOW.getTime() + 60_000);
    await unsubscribe(w.ports, token, '198.51.100.7');
    expect(w.suppression.entries.get('a1@example.com')).toEqual(first);
    expect(await readUnsubscribe(w.ports, token, '203.0.113.9')).toMatchObject({ unsubscribed: true });
  });

  it('never weakens a bounce: an unsubscribe after it leaves it bounced, a bounce after an unsubscribe makes it bounced', async () => {
    const w = messagesWorld(apps(2));
    await mailed(w, 'marketing');
    const [first, second] = w.outbox.map((m) => tokenOf(m.text));
    await recordFeedback(w.ports, { type: 'bounce', permanent: true, emails: ['a1@example.com'], detail: 'NoEmail' });
    await unsubscribe(w.ports, first!, 'c');
    expect(w.suppression.entries.get('a1@example.com')!.reason).toBe('bounced');
    await unsubscribe(w.ports, second!, 'c');
    expect(await recordFeedback(w.ports, { type: 'complaint', permanent: true, emails: ['a2@example.com'], detail: 'abuse' })).toEqual(['a2@example.com']);
    expect(w.suppression.entries.get('a2@example.com')!.reason).toBe('complained');
    expect(await recordFeedback(w.ports, { type: 'bounce', permanent: true, emails: ['a2@example.com'], detail: 'General' })).toEqual([]);
    expect(w.suppression.entries.get('a2@example.com')!.reason).toBe('complained');
  });

  it('a transient bounce (a full mailbox) suppresses nothing', async () => {
    const w = messagesWorld([]);
    expect(await recordFeedback(w.ports, { type: 'bounce', permanent: false, emails: ['a1@example.com'], detail: 'MailboxFull' })).toEqual([]);
    expect(w.suppression.entries.size).toBe(0);
  });

  it('refuses a guessed token (404 in words), and a client’s guesses past the hour’s limit (429), while real links still work', async () => {
    const w = messagesWorld(apps(1));
    await mailed(w, 'marketing');
    const guess = 'A'.repeat(43);
    for (let i = 0; i < UNSUBSCRIBE_MISSES; i++) await expect(unsubscribe(w.ports, guess, '203.0.113.9')).rejects.toThrow(NotFound);
    await expect(unsubscribe(w.ports, guess, '203.0.113.9')).rejects.toThrow(TooManyRequests);
    await expect(readUnsubscribe(w.ports, guess, '203.0.113.9')).rejects.toThrow(/wait an hour/);
    expect(w.suppression.entries.size).toBe(0);
    // The real link is counted by its own uses, not the client's misses (one provider posts for many people).
    await unsubscribe(w.ports, tokenOf(w.outbox[0]!.text), '203.0.113.9');
    expect(w.suppression.entries.size).toBe(1);
  });

  it('bounds the uses of one token in an hour', async () => {
    const w = messagesWorld(apps(1));
    await mailed(w, 'marketing');
    const token = tokenOf(w.outbox[0]!.text);
    for (let i = 0; i < UNSUBSCRIBE_USES; i++) await unsubscribe(w.ports, token, `198.51.100.${i}`);
    await expect(unsubscribe(w.ports, token, '198.51.100.99')).rejects.toThrow(TooManyRequests);
  });

  it(`keeps a link working for ${UNSUBSCRIBE_LINK_DAYS} days, not after`, async () => {
    const w = messagesWorld(apps(1));
    await mailed(w, 'marketing');
    const token = tokenOf(w.outbox[0]!.text);
    w.state.now = new Date(NOW.getTime() + (UNSUBSCRIBE_LINK_DAYS - 1) * DAY_MS);
    await expect(readUnsubscribe(w.ports, token, 'c')).resolves.toMatchObject({ unsubscribed: false });
    w.state.now = new Date(NOW.getTime() + (UNSUBSCRIBE_LINK_DAYS + 1) * DAY_MS);
    await expect(unsubscribe(w.ports, token, 'c')).rejects.toThrow(NotFound);
  });
});

describe('the office’s suppression list', () => {
  it('lists the entries with their reasons, and takes one off, each audited first', async () => {
    const w = messagesWorld([]);
    await recordFeedback(w.ports, { type: 'complaint', permanent: true, emails: ['x@example.com'], detail: 'abuse' });
    expect((await listSuppressions(w.ports)).suppressions).toEqual([expect.objectContaining({ email: 'x@example.com', reason: 'complained' })]);
    await deleteSuppression(w.ports, 'X@example.com');
    await expect(deleteSuppression(w.ports, 'x@example.com')).rejects.toThrow(NotFound);
    expect(w.records).toEqual([
      { action: 'suppressions' },
      { action: 'suppression.delete', detail: { email: 'x@example.com' } },
      { action: 'suppression.delete', detail: { email: 'x@example.com' } },
    ]);
  });
});

describe('the product’s own mail to applicants', () => {
  it('is not written to a bounced or complained address, still to an unsubscribed one, and answers as a send so no retry sends it', async () => {
    const { suppressions } = memorySuppression();
    const at = '2026-10-20T00:00:00.000Z';
    await suppressions.putSuppression({ email: 'gone@example.com', reason: 'bounced', at });
    await suppressions.putSuppression({ email: 'spam@example.com', reason: 'complained', at });
    await suppressions.putSuppression({ email: 'quiet@example.com', reason: 'unsubscribed', at });
    const sent: string[] = [];
    const skipped: string[] = [];
    const mailer = productMailer(
      (mail) => (sent.push(mail.to), Promise.resolve(`id-${sent.length}`)),
      suppressions,
      (to, reason) => void skipped.push(`${to}:${reason}`),
    );
    const mail = (to: string) => ({ to, subject: 'Application received', text: 'Dear Ada' });
    expect(await mailer(mail('Gone@example.com'))).toBe('suppressed:bounced');
    expect(await mailer(mail('spam@example.com'))).toBe('suppressed:complained');
    expect(await mailer(mail('quiet@example.com'))).toBe('id-1');
    expect(await mailer(mail('fine@example.com'))).toBe('id-2');
    expect(sent).toEqual(['quiet@example.com', 'fine@example.com']);
    expect(skipped).toEqual(['Gone@example.com:bounced', 'spam@example.com:complained']);
    expect(stopsProductMail('unsubscribed')).toBe(false);
  });
});
