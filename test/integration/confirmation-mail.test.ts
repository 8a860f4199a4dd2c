/**
 * The confirmation e-mail of a submission, through the real submit route and the local stack's
 * dev outbox: it carries the reference GET /api/profile returns, and a submission gets exactly one.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { mailSk } from '#adapters/store/mail-store';
import { suppressionStore } from '#adapters/store/suppression-store';
import { institution, officeTexts } from '#form/institution';
import { submittedAtInWords } from '#form/print';
import { config, setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { outbox, registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

const confirmations = async (to: string) => (await outbox(baseUrl)).filter((m) => m.to === to && /application received/.test(m.subject));

async function waitForConfirmation(to: string) {
  for (let i = 0; i < 100; i++) {
    const mails = await confirmations(to);
    if (mails.length) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no confirmation e-mail to ${to}`);
}

describe('the confirmation e-mail of a submission', () => {
  it('goes to the account address with the reference and time the profile shows, what happens next and the status page', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', completeApplication());
    expect((await a.post('/api/submit')).status).toBe(200);
    const profile = (await a.get('/api/profile')).body as { reference: string; submitted_at: string };
    const [mail] = await waitForConfirmation(a.username);
    expect(mail!.subject).toBe(`${institution.name}: application received (${profile.reference})`);
    expect(mail!.text).toContain(`Application reference: ${profile.reference}`);
    expect(mail!.text).toContain(`Submitted: ${submittedAtInWords(profile.submitted_at)}`);
    expect(mail!.text).toContain(officeTexts.nextSteps());
    expect(mail!.text).toContain(institution.helpEmail);
    expect(mail!.text).toContain('Dear Ada,');
    expect(mail!.link).toBe(`${baseUrl}/completion`);
    // Transactional: it says why it is sent, after the signature.
    expect(mail!.text).toMatch(new RegExp(`\\n\\nYou are receiving this because you submitted an application to ${institution.name}\\.`));
  });

  it('is not written to an address SES reported as bouncing, and still to one that unsubscribed from the office’s mailings', async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    const [bounced, unsubscribed] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    const bounce = await fetch(`${baseUrl}/_dev/mail/bounce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: bounced.username }),
    });
    expect(bounce.status).toBe(200);
    await suppressionStore.putSuppression({ email: unsubscribed.username.toLowerCase(), reason: 'unsubscribed', at: new Date().toISOString() });
    for (const a of [bounced, unsubscribed]) {
      await a.put('/api/answer', completeApplication());
      expect((await a.post('/api/submit')).status).toBe(200);
    }
    expect(await waitForConfirmation(unsubscribed.username)).toHaveLength(1);
    // The bounced one's confirmation is done (its claim marked, so no retry sends it) and nothing went.
    let claim: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !claim?.sentAt; i++) {
      claim = (await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: bounced.subject, sk: mailSk('confirmation') } }))).Item;
      if (!claim?.sentAt) await new Promise((r) => setTimeout(r, 50));
    }
    expect(claim).toMatchObject({ messageId: 'suppressed:bounced' });
    expect(await confirmations(bounced.username)).toEqual([]);
  });

  it('is sent once however often submit is pressed (at once, and again later)', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', completeApplication());
    const results = await Promise.all([a.post('/api/submit'), a.post('/api/submit'), a.post('/api/submit')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await waitForConfirmation(a.username);
    expect((await a.post('/api/submit')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await confirmations(a.username)).toHaveLength(1);
  });

  it('is not sent for an application that was not submitted', async () => {
    const a = await registeredApplicant(baseUrl);
    const { last_name: _omit, ...partial } = completeApplication();
    await a.put('/api/answer', partial);
    expect((await a.post('/api/submit')).status).toBe(422);
    await new Promise((r) => setTimeout(r, 300));
    expect(await confirmations(a.username)).toHaveLength(0);
  });
});
