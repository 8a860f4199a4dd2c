/**
 * The download routes on the real local stack: each answers 303 to a new short-lived link whose
 * file is named for the applicant and the question, the staff ones record the read first, and a
 * lost session is answered with a page for a browser (the usual 401 JSON for a script).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as fixtures from '../fixtures/documents';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A request as a link's click makes it (no redirect followed): cookies of `who`, and what a browser or a script accepts. */
function open(path: string, who?: ApiClient, accept = 'application/json') {
  return fetch(`${baseUrl}${path}`, { headers: { accept, ...(who ? { cookie: who.cookieHeader } : {}) }, redirect: 'manual' });
}

/** Follows a 303 the way the browser does, and returns the file's response. */
async function followed(res: Response): Promise<Response> {
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(((await res.json()) as { url: string }).url).toBe(location);
  return fetch(location);
}

async function expectSignedOutPage(res: Response, signIn: string) {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  const html = await res.text();
  expect(html).toContain('<h1>You are signed out</h1>');
  expect(html).toContain(`<a href="${signIn}">Sign in</a>`);
  expect(html).not.toMatch(/<Error>|AccessDenied/);
}

async function expectJson401(res: Response) {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(((await res.json()) as { message: string }).message).toMatch(/session/i);
}

async function referenceOf(a: ApiClient): Promise<string> {
  const profile = await a.get<{ reference?: string }>('/api/profile');
  return profile.body.reference ?? '';
}

describe('the download routes', () => {
  let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
  let reference: string;
  let staff: StaffClient;

  beforeAll(async () => {
    applicant = await registeredApplicant(baseUrl);
    expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: `Dl${randomUUID().slice(0, 6)}` })).status).toBe(200);
    const upload = await uploadDocument(applicant, 'hs_transcript', await fixtures.png(), 'transcript.png');
    expect(upload.settled?.status).toBe('COMPLETED');
    // Before submitting there is no PDF to hand out: a refusal in words, not a link.
    const early = await open('/api/pdf/download', applicant);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toMatch(/not ready/);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    reference = await referenceOf(applicant);
    staff = await signedInStaff(baseUrl);
  }, 60_000);

  it("answers the applicant's click with a new link to application-<reference>.pdf, and GET /api/pdf keeps its status and url", async () => {
    const pdf = await waitForApplicationPdf(applicant);
    expect(pdf.status).toBe('COMPLETED');
    expect(reference).toMatch(/^[0-9A-Z]{8}$/);
    // The spec's route still answers status and a working url, named the same way.
    const direct = await fetch(pdf.url!);
    expect(direct.headers.get('content-disposition')).toBe(`attachment; filename="application-${reference}.pdf"`);

    const first = await open('/api/pdf/download', applicant, BROWSER_ACCEPT);
    const firstLocation = first.headers.get('location');
    const file = await followed(first);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="application-${reference}.pdf"`);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Each click signs anew.
    await new Promise((r) => setTimeout(r, 1100));
    const second = await open('/api/pdf/download', applicant);
    expect(second.headers.get('location')).not.toBe(firstLocation);
  }, 60_000);

  it('lets a staff member download a document as <reference>-<question>.pdf, recorded in its access record', async () => {
    const id = applicant.subject;
    const detail = await staff.get<{ documents: Array<{ key: string; download_url?: string }>; pdf: { status: string } }>(`/staff/api/applications/${id}`);
    const transcript = detail.body.documents.find((d) => d.key === 'hs_transcript');
    expect(transcript?.download_url).toBe(`/staff/api/applications/${id}/documents/hs_transcript/download`);

    const file = await followed(await open(transcript!.download_url!, staff, BROWSER_ACCEPT));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // A png upload is kept as a PDF and offered as one.
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${reference}-high-school-transcript.pdf"`);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const audit = await staff.get<{ items: Array<{ staff: string; action: string; application?: string; detail?: Record<string, string> }> }>(
      `/staff/api/audit?application=${id}`,
    );
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({ staff: staff.email, action: 'download', application: id, detail: { document: 'hs_transcript' } }),
    );
  }, 60_000);

  it('lets a staff member download the application PDF as application-<reference>.pdf, recorded too', async () => {
    const id = applicant.subject;
    await waitForApplicationPdf(applicant);
    const file = await followed(await open(`/staff/api/applications/${id}/pdf/download`, staff));
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="application-${reference}.pdf"`);
    const audit = await staff.get<{ items: Array<{ action: string; detail?: Record<string, string> }> }>(`/staff/api/audit?application=${id}`);
    expect(audit.body.items).toContainEqual(expect.objectContaining({ action: 'download', detail: { document: 'application_pdf' } }));
  }, 60_000);

  it('answers 404 JSON for a question without a file, an unknown question, an unknown or unsubmitted application', async () => {
    const id = applicant.subject;
    const draft = await registeredApplicant(baseUrl);
    await draft.put('/api/answer', { first_name: 'Draft' });
    for (const path of [
      `/staff/api/applications/${id}/documents/resume/download`,
      `/staff/api/applications/${id}/documents/no_such_question/download`,
      `/staff/api/applications/${randomUUID()}/documents/hs_transcript/download`,
      `/staff/api/applications/${draft.subject}/documents/hs_transcript/download`,
      `/staff/api/applications/${draft.subject}/pdf/download`,
    ]) {
      const res = await open(path, staff, BROWSER_ACCEPT);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { message: string }).message).toMatch(/no /i);
    }
    expect((await open('/staff/api/applications/..%2F..%2Fx/pdf/download', staff)).status).toBe(400);
    // Someone else's application PDF is not the applicant's to ask for: the route has no id, only the token's subject.
    const other = await open('/api/pdf/download', draft);
    expect(other.status).toBe(409);
  }, 60_000);

  it('answers a browser without a session with a page that links to the sign-in, and a script with 401 JSON', async () => {
    const id = applicant.subject;
    await expectSignedOutPage(await open('/api/pdf/download', undefined, BROWSER_ACCEPT), '/login');
    await expectJson401(await open('/api/pdf/download'));
    await expectSignedOutPage(await open(`/staff/api/applications/${id}/documents/hs_transcript/download`, undefined, BROWSER_ACCEPT), '/staff/login');
    await expectJson401(await open(`/staff/api/applications/${id}/pdf/download`));
    // An applicant's session opens no staff file.
    await expectSignedOutPage(await open(`/staff/api/applications/${id}/pdf/download`, applicant, BROWSER_ACCEPT), '/staff/login');
    // Other routes keep answering JSON, even to a browser.
    await expectJson401(await open('/api/profile', undefined, BROWSER_ACCEPT));
  });

  it('answers the page after signing out, with the cookies the open page still holds', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    expect((await waitForApplicationPdf(a)).status).toBe('COMPLETED');
    const cookies = a.cookieHeader;
    const id = a.subject;
    expect((await a.get('/api/logout')).status).toBe(200);
    const res = await fetch(`${baseUrl}/api/pdf/download`, { headers: { accept: BROWSER_ACCEPT, cookie: cookies }, redirect: 'manual' });
    await expectSignedOutPage(res, '/login');

    const s = await signedInStaff(baseUrl);
    const staffCookies = s.cookieHeader;
    expect((await s.get('/staff/api/logout')).status).toBe(200);
    const refused = await fetch(`${baseUrl}/staff/api/applications/${id}/pdf/download`, {
      headers: { accept: BROWSER_ACCEPT, cookie: staffCookies },
      redirect: 'manual',
    });
    await expectSignedOutPage(refused, '/staff/login');
  }, 60_000);
});
