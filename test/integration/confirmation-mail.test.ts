/**
 * The confirmation e-mail of a submission, through the real submit route and the local stack's
 * dev outbox: it carries the reference GET /api/profile returns, and a submission gets exactly one.
 */
import { describe, expect, inject, it } from 'vitest';
import { institution, officeTexts } from '#form/institution';
import { submittedAtInWords } from '#form/print';
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
