/**
 * What `cdk deploy` ships, working: the local stack serving the synthesized bundles from
 * cdk.out (npm run start:bundled) instead of the sources, with Cognito played by cognito-local,
 * carries an applicant through sign-up, saves, a png, a pdf and a docx, submit and the
 * application PDF, rendered by the bundled @sparticuz/chromium; and through a password reset
 * whose link the custom-message bundle writes (cognito-local invokes it as Cognito would).
 *
 * One synth per run: cdk.out is reused while it is newer than every source file (about a minute of CPU to
 * make on two cores when it is not; see local/bundled/assets.ts).
 */
import { join } from 'node:path';
import { readAnswers } from '#adapters/store/answers-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { setConfig } from '#lambdas/config';
import { routes } from '#lambdas/routes';
import { lastCognitoCode } from '#local/cognito-local';
import * as fixtures from '../fixtures/documents';
import { pdfText } from '../fixtures/pdf-text';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { passwordResetJourney } from '../support/account-journey';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { ApiClient, latestMail, PASSWORD, uniqueEmail } from '../support/client';

const ROOT = join(import.meta.dirname, '..', '..');
let stack: ChildStack;

// A fresh clone synthesizes every bundle first (≈ 4 minutes on two shared cores with ≈ 140 functions): room for that.
beforeAll(async () => {
  stack = await startChildStack({ entry: join(ROOT, 'local', 'bundled', 'main.ts'), startTimeoutMs: 480_000 });
}, 480_000);
afterAll(async () => {
  await stack?.stop();
  setConfig({});
});

/** cognito-local keeps the code it would have mailed on the user record (written as SignUp returns). */
async function codeFor(username: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = lastCognitoCode(join(stack.dataDir, 'cognito'), username);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${username}`);
}

describe('the synthesized bundles on the local stack', () => {
  it('carry an applicant from sign-up to the downloaded application PDF', { timeout: 240_000 }, async () => {
    const username = uniqueEmail('bundled');
    const a = new ApiClient(stack.url);
    expect((await a.post('/public/signup', { username, password: PASSWORD })).status).toBe(200);
    // The mail as the custom-message bundle wrote it, shown in the dev outbox with cognito-local's code.
    const mail = await latestMail(stack.url, username);
    expect(mail.code).toBe(await codeFor(username));
    expect(mail.text).toContain(mail.code);
    expect((await a.post('/public/confirm', { username, code: mail.code })).status).toBe(200);
    expect((await a.post('/public/login', { username, password: PASSWORD })).status).toBe(200);
    expect((await a.get('/api/profile')).status).toBe(200);

    expect((await a.put('/api/answer', { ...completeApplication(), first_name: 'Bundled', last_name: 'Lovelace' })).status).toBe(200);

    // A png (sharp, installed into the converter's bundle), then a docx in its place (mammoth,
    // then the bundled Chromium), and a pdf (pdf-lib).
    const png = await uploadDocument(a, 'resume', await fixtures.png(), 'resume.png');
    expect(png.settled).toMatchObject({ status: 'COMPLETED' });
    expect((await a.delete('/api/pdf/document-answer/resume')).status).toBeLessThan(300);
    const docx = await uploadDocument(a, 'resume', fixtures.docx(['Docx of the bundled applicant']), 'resume.docx');
    expect(docx.settled).toMatchObject({ status: 'COMPLETED' });
    const pdf = await uploadDocument(a, 'hs_transcript', await fixtures.pdf(['Transcript of the bundled applicant'], 2), 'transcript.pdf');
    expect(pdf.settled).toMatchObject({ status: 'COMPLETED' });

    const submitted = await a.post('/api/submit');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // The office lists, searches and exports the address the applicant confirmed, read from
    // Cognito (cognito-local here), not the access token's username, which is a UUID.
    setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint });
    expect((await readSubmitted(a.subject))?.email).toBe(username);
    const ready = await waitForApplicationPdf(a, 120_000);
    expect(ready).toMatchObject({ status: 'COMPLETED' });
    const res = await fetch(ready.url as string);
    expect(res.status).toBe(200);
    const { text, pages } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Lovelace');
    expect(text).toContain('Docx of the bundled applicant');
    expect(text).toContain('Transcript of the bundled applicant');
    expect(pages).toBeGreaterThanOrEqual(4);

    // The publisher and mail bundles ran too: the event on the local bus, the e-mail through local SES.
    const profile = await a.get('/api/profile');
    const reference = (profile.body as { reference: string }).reference;
    await expect
      .poll(
        async () => {
          const events = (await (await fetch(`${stack.url}/_dev/events.json`)).json()) as Array<{ 'detail-type': string; detail: { reference?: string } }>;
          return events.filter((e) => e.detail.reference === reference).map((e) => e['detail-type']);
        },
        { timeout: 30_000 },
      )
      .toEqual(['Application Submitted', 'Application PDF Ready']);
    await expect.poll(async () => (await latestMail(stack.url, username)).subject, { timeout: 30_000 }).toMatch(/application received/i);
  });

  // The mails are in the outbox when the request that sends them has answered, as under npm start:
  // the same journey as there, with the reset link the custom-message bundle writes.
  it('carry a new applicant through the journey of npm start: sign-up, confirm, log-in, forgot, reset with the mailed link, log-in', { timeout: 120_000 }, () =>
    passwordResetJourney(stack.url, uniqueEmail('bundled-reset')),
  );

  it(
    'carry the whole account journey: sign-up, resend (a clear 503 where cognito-local lacks it), confirm, log-in, forgot, reset',
    { timeout: 120_000 },
    async () => {
      const username = uniqueEmail('bundled-account');
      const a = new ApiClient(stack.url);
      expect((await a.post('/public/signup', { username, password: PASSWORD })).status).toBe(200);
      const resend = await a.post<{ message: string }>('/public/resend-confirm', { username });
      expect(resend.status).toBe(503);
      expect(resend.body.message).toMatch(/not available from this identity service/);
      expect((await a.post('/public/confirm', { username, code: await codeFor(username) })).status).toBe(200);
      expect((await a.post('/public/login', { username, password: PASSWORD })).status).toBe(200);
      expect((await a.post('/public/forgot-password', { username })).status).toBe(200);
      const link = new URL((await latestMail(stack.url, username)).link!);
      expect(link.pathname).toBe('/reset');
      const reset = await a.post('/public/reset-password', {
        username,
        id: link.searchParams.get('id'),
        password: 'Third-Horse-44!',
        confirm_password: 'Third-Horse-44!',
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect((await new ApiClient(stack.url).post('/public/login', { username, password: 'Third-Horse-44!' })).status).toBe(200);
    },
  );

  // The retention sweep on demand runs the synthesized function, which asks cognito-local for the
  // accounts: the in-process sweep asked the local identity provider, found none of them, and erased
  // every applicant as data without an identity.
  it('sweep retention on demand with the synthesized function, keeping an applicant whose account exists', { timeout: 120_000 }, async () => {
    const username = uniqueEmail('bundled-kept');
    const a = new ApiClient(stack.url);
    expect((await a.post('/public/signup', { username, password: PASSWORD })).status).toBe(200);
    expect((await a.post('/public/confirm', { username, code: await codeFor(username) })).status).toBe(200);
    expect((await a.post('/public/login', { username, password: PASSWORD })).status).toBe(200);
    expect((await a.put('/api/answer', { first_name: 'Kept' })).status).toBe(200);
    const res = await fetch(`${stack.url}/_dev/retention/sweep`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dryRun: false, erasedWithoutIdentity: 0, failed: 0 });
    setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint });
    expect((await readAnswers(a.subject)).answers.first_name).toBe('Kept');
  });

  it('answer on every route with a 4xx for a stranger, never a crash of a bundle that failed to load', { timeout: 240_000 }, async () => {
    const answers: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, 'resume');
      const res = await fetch(`${stack.url}${path}`, {
        method: route.method,
        headers: route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' },
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      answers.push(`${route.method} ${path} ${res.status}`);
      await res.arrayBuffer();
    }
    // The office's words and the SIS API's OpenAPI document are public (no personal data); staff
    // sign-out answers 200 without a session: it only clears the staff cookies.
    expect(answers.filter((a) => !/ 4\d\d$/.test(a))).toEqual(['GET /public/office-texts 200', 'GET /staff/api/logout 200', 'GET /sis/v1/openapi.json 200']);
  });
});
