/**
 * A mail service that fails: submit still answers 200 at once, the e-mail is retried, and a
 * submission still gets exactly one. This file runs its own stack in its own worker (configuration
 * is per process) whose product e-mails go through a breakable sender instead of the dev outbox;
 * everything else is the real code.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '#domain/ports/mail';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { stackWithMailer, throttled } from '../support/mail-fault-stack';

const sender = { failures: 0, attempts: 0, delivered: [] as OutgoingMail[] };

async function breakableSender(mail: OutgoingMail): Promise<string> {
  sender.attempts++;
  if (sender.failures > 0) {
    sender.failures--;
    throw throttled();
  }
  sender.delivered.push(mail);
  return `message-${sender.delivered.length}`;
}

const running = stackWithMailer('faults-mail', breakableSender);

beforeEach(() => {
  Object.assign(sender, { failures: 0, attempts: 0, delivered: [] });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a failing mail service', () => {
  it('does not fail the submit, and the e-mail goes on a retry, once', async () => {
    const a = await registeredApplicant(running().url);
    await a.put('/api/answer', completeApplication());
    sender.failures = 2;
    const res = await a.post('/api/submit');
    expect(res.status).toBe(200);
    await until(() => sender.delivered.length === 1);
    expect(sender.attempts).toBe(3);
    const profile = (await a.get('/api/profile')).body as { reference: string };
    expect(sender.delivered[0]).toMatchObject({ to: a.username });
    expect(sender.delivered[0]!.text).toContain(profile.reference);
    expect((await a.post('/api/submit')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expect(sender.delivered).toHaveLength(1);
  });

  it('leaves a submission whose e-mail failed every retry submitted, and a later submit sends it', async () => {
    const a = await registeredApplicant(running().url);
    await a.put('/api/answer', completeApplication());
    sender.failures = 3;
    expect((await a.post('/api/submit')).status).toBe(200);
    await until(() => sender.attempts === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(sender.delivered).toHaveLength(0);
    expect((await a.get('/api/profile')).body.submitted_at).toEqual(expect.any(String));
    expect((await a.post('/api/submit')).status).toBe(200);
    await until(() => sender.delivered.length === 1);
  });
});
