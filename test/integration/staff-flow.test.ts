/**
 * The admissions office's whole flow on the real local stack: invitation, new password, MFA
 * set-up, sign-in with TOTP, list, read, export, temporary link opened by a visitor, and the
 * audit trail of each step; plus the submission events each submission publishes, in order.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { PublishedEvent } from '#local/dev-events';
import * as fixtures from '../fixtures/documents';
import { uploadDocument } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { ApiClient, registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

interface ListBody {
  items: Array<{ id: string } & Record<string, string>>;
  cursor: string | null;
}

async function submitted(tag: string, extra: Record<string, string> = {}, before?: (a: ApiClient) => Promise<unknown>) {
  const a = await registeredApplicant(baseUrl);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: tag, ...extra })).status).toBe(200);
  await before?.(a);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a;
}

async function poll<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const events = async () => (await (await fetch(`${baseUrl}/_dev/events.json`)).json()) as PublishedEvent[];

describe('the staff flow', () => {
  const tag = `Zed${randomUUID().slice(0, 6)}`;
  let staff: StaffClient;
  let first: Awaited<ReturnType<typeof submitted>>;
  let second: Awaited<ReturnType<typeof submitted>>;

  beforeAll(async () => {
    first = await submitted(tag, { applied_major: 'BIO', applied_major_desc: 'Biology', last_name: '=HYPERLINK("http://evil")' });
    second = await submitted(tag, { applied_major: 'CS', applied_major_desc: 'Computer Science' }, async (a) =>
      uploadDocument(a, 'resume', await fixtures.png(), 'resume.png'),
    );
    staff = await signedInStaff(baseUrl);
  }, 60_000);

  it('lists submitted applications newest first, filtered by major and found by name or e-mail', async () => {
    const all = await staff.get<ListBody>(`/staff/api/applications?q=${tag}`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((i) => i.id)).toEqual([second.subject, first.subject]);
    expect(all.body.items[1]).toEqual({
      id: first.subject,
      reference: expect.stringMatching(/^[0-9A-Z]{8}$/),
      name: `${tag} =HYPERLINK("http://evil")`,
      email: first.username,
      submitted_at: expect.stringMatching(/^\d{4}-/),
      entry_term_desc: completeApplication().entry_term_desc,
      applied_major_desc: 'Biology',
      office_status: 'submitted',
      // The tests' timetable: the current cycle's one round, in time.
      cycle: 'current',
      cycle_label: 'This cycle',
      round: 'rd',
      round_label: 'Regular Decision',
      late: false,
      // Nothing marked received yet (the transcript is awaited from the counselor).
      complete: false,
    });
    const bio = await staff.get<ListBody>(`/staff/api/applications?q=${tag}&major=BIO`);
    expect(bio.body.items.map((i) => i.id)).toEqual([first.subject]);
    const byEmail = await staff.get<ListBody>(`/staff/api/applications?q=${encodeURIComponent(second.username.toUpperCase())}`);
    expect(byEmail.body.items.map((i) => i.id)).toEqual([second.subject]);
    // The reference finds its application too, whatever its case.
    const byReference = await staff.get<ListBody>(`/staff/api/applications?q=${all.body.items[0]!.reference!.toLowerCase()}`);
    expect(byReference.body.items.map((i) => i.id)).toEqual([second.subject]);
    // Nothing matches: the first page is empty (its cursor may still say the index goes on, when
    // other tests have filled it with thousands of submissions).
    const none = await staff.get<ListBody>(`/staff/api/applications?q=${tag}&term=no-such-term`);
    expect(none.body.items).toEqual([]);
  });

  it('pages with a cursor and refuses a forged one', async () => {
    const third = await submitted(tag);
    const seen: string[] = [];
    let cursor: string | null = null;
    // Every page after the first follows the previous one's cursor, until it is null.
    do {
      const page: { body: ListBody } = await staff.get<ListBody>(`/staff/api/applications?q=${tag}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.cursor;
    } while (cursor);
    expect(seen).toEqual([third.subject, second.subject, first.subject]);
    for (const forged of ['nope', Buffer.from('{"id":"x","at":"y"}').toString('base64url')]) {
      const res = await staff.get(`/staff/api/applications?cursor=${forged}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/cursor/);
    }
    // The list sorts (issue 39): by one of its orders only.
    expect((await staff.get('/staff/api/applications?sort=colour')).status).toBe(400);
  });

  it('reads one application as printed rows, with its PDF once rendered', async () => {
    const read = await poll(
      'the application PDF',
      () => staff.get<Record<string, unknown> & { pdf: { status: string; download_url?: string } }>(`/staff/api/applications/${first.subject}`),
      (r) => r.body.pdf?.status === 'COMPLETED',
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: first.subject, email: first.username, name: `${tag} =HYPERLINK("http://evil")`, documents: [] });
    const rows = (read.body.pages as Array<{ sections: Array<{ rows: Array<{ key: string; label: string; value: string }> }> }>).flatMap((p) =>
      p.sections.flatMap((s) => s.rows),
    );
    expect(rows.find((r) => r.key === 'first_name')).toEqual({ key: 'first_name', label: expect.any(String), value: tag });
    expect(rows.find((r) => r.key === 'applied_major')?.value).toBe('Biology');
    // The link is the console's download route (a new short-lived link per request), followed as a browser does.
    expect(read.body.pdf.download_url).toBe(`/staff/api/applications/${first.subject}/pdf/download`);
    const pdf = await fetch(`${baseUrl}${read.body.pdf.download_url}`, { headers: { cookie: staff.cookieHeader } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // A converted document comes with its status and its download route.
    const withDocument = await staff.get<{ documents: Array<Record<string, string>> }>(`/staff/api/applications/${second.subject}`);
    expect(withDocument.body.documents).toEqual([
      {
        key: 'resume',
        label: expect.any(String),
        file_name: 'resume.png',
        status: 'COMPLETED',
        download_url: `/staff/api/applications/${second.subject}/documents/resume/download`,
      },
    ]);
    const converted = await fetch(`${baseUrl}${withDocument.body.documents[0]!.download_url!}`, { headers: { cookie: staff.cookieHeader } });
    expect(
      Buffer.from(await converted.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    expect((await staff.get(`/staff/api/applications/${randomUUID()}`)).status).toBe(404);
    expect((await staff.get('/staff/api/applications/..%2F..')).status).toBe(400);
    // One still being filled in is not the office's to read.
    const draft = await registeredApplicant(baseUrl);
    await draft.put('/api/answer', { first_name: tag });
    expect((await staff.get(`/staff/api/applications/${draft.subject}`)).status).toBe(404);
  }, 90_000);

  it('exports CSV and JSON of the filtered applications through a short-lived link', async () => {
    const res = await fetch(`${baseUrl}/staff/api/export.csv?q=${tag}&major=BIO`, { headers: { cookie: staff.cookieHeader }, redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(((await res.json()) as { url: string }).url).toBe(location);
    const file = await fetch(location);
    expect(file.headers.get('content-type')).toMatch(/text\/csv/);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="applications-.*\.csv"/);
    const csv = (await file.text()).replace(/^\uFEFF/, '');
    const [header, row, ...rest] = csv.split('\r\n');
    expect(rest).toEqual(['']);
    // Who and when (the applicant's e-mail among them), the cycle, round and lateness, the materials' states, then the answers.
    expect(header!.split(',').slice(0, 13)).toEqual([
      'id',
      'reference',
      'submitted_at',
      'email',
      'cycle',
      'round',
      'late',
      'transcript_status',
      'test_scores_status',
      'resume_status',
      'first_name',
      'middle_name',
      'last_name',
    ]);
    expect(header).toContain('applied_major,applied_major_desc');
    expect(row!.startsWith(`${first.subject},`)).toBe(true);
    // The formula in the last name is neutralised for spreadsheets.
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);

    const json = await fetch(`${baseUrl}/staff/api/export.json?q=${tag}`, { headers: { cookie: staff.cookieHeader } });
    expect(json.status).toBe(200); // fetch followed the redirect to the file
    const rows = (await json.json()) as Array<Record<string, string>>;
    expect(rows.map((r) => r.id)).toContain(first.subject);
    expect(rows.find((r) => r.id === first.subject)).toMatchObject({
      first_name: tag,
      applied_major: 'BIO',
      applied_major_desc: 'Biology',
      last_name: '=HYPERLINK("http://evil")',
    });
    // The columns the export gained: the e-mail, the materials as the status page's checklist has them, boxes as Y/N.
    const second_ = rows.find((r) => r.id === second.subject);
    expect(second_).toMatchObject({
      email: second.username,
      cycle: 'current',
      round: 'rd',
      late: 'N',
      transcript_status: 'awaiting',
      resume_status: 'received',
      optin_sms_ind: 'N',
    });
    const checklist = await second.get<{ items: Array<{ id: string; state: string }> }>('/api/checklist');
    for (const item of checklist.body.items) expect(second_![`${item.id}_status`], item.id).toBe(item.state.replace('_', ' '));
  });

  it('issues a temporary link that a visitor opens to find the prepared answers', async () => {
    const res = await staff.post<{ url: string; expires_at: string }>('/staff/api/temporary-links', {
      answer: { first_name: 'Prospect', applied_major: 'NURS', applied_major_desc: 'Nursing' },
      expires_in_days: 7,
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe(baseUrl);
    expect(url.pathname).toBe('/about');
    const visitor = await new ApiClient(baseUrl).get(`/public/tmp?token=${url.searchParams.get('token')}`);
    expect(visitor.body).toEqual({ answer: { first_name: 'Prospect', applied_major: 'NURS', applied_major_desc: 'Nursing' } });
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    for (const body of [
      { answer: { nope: 'x' }, expires_in_days: 7 },
      { answer: { first_name: 'A' }, expires_in_days: 0 },
      { answer: { first_name: 'A' }, expires_in_days: 91 },
      { answer: {}, expires_in_days: 7 },
      { answer: { first_name: 1 }, expires_in_days: 7 },
    ]) {
      const bad = await staff.post('/staff/api/temporary-links', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('records every step in the audit trail: who, what, when, from where', async () => {
    const mine = (items: Array<Record<string, unknown>>) => items.filter((i) => i.staff === staff.email);
    const forApp = await staff.get<{ items: Array<Record<string, unknown>> }>(`/staff/api/audit?application=${first.subject}`);
    expect(forApp.status).toBe(200);
    // Newest first: the PDF's download (each click of the console's link is recorded), then the read; in words, naming the application by its reference and applicant rather than its id.
    const named = { reference: expect.stringMatching(/^[0-9A-Z]{8}$/), name: expect.stringContaining(tag) };
    expect(mine(forApp.body.items).slice(0, 2)).toEqual([
      {
        at: expect.any(String),
        staff: staff.email,
        action: 'download',
        application: first.subject,
        ip: expect.any(String),
        detail: { document: 'application_pdf' },
        summary: expect.stringMatching(new RegExp(`^Downloaded the PDF of the application [0-9A-Z]{8} \\(${tag} `)),
        ...named,
      },
      {
        at: expect.any(String),
        staff: staff.email,
        action: 'read',
        application: first.subject,
        ip: expect.any(String),
        summary: expect.stringMatching(new RegExp(`^Read the application [0-9A-Z]{8} \\(${tag} `)),
        ...named,
      },
    ]);
    const office = await staff.get<{ items: Array<Record<string, unknown>> }>('/staff/api/audit');
    const actions = mine(office.body.items).map((i) => i.action);
    // Newest first: these two audit views, the link, the exports, ... the lists.
    expect(actions.slice(0, 5)).toEqual(['audit', 'audit', 'temporary-link', 'export.json', 'export.csv']);
    expect(actions).toContain('list');
    expect(mine(office.body.items).find((i) => i.action === 'export.csv')?.detail).toEqual({ q: tag, major: 'BIO' });
  });

  it('published Application Submitted, then Application PDF Ready, for each submission', async () => {
    const list = await poll('PDF Ready events', events, (all) =>
      [first, second].every((a) => all.some((e) => e['detail-type'] === 'Application PDF Ready' && e.detail.id === a.subject)),
    );
    for (const a of [first, second]) {
      const mineEvents = list.filter((e) => e.detail.id === a.subject);
      expect(mineEvents.map((e) => e['detail-type'])).toEqual(['Application Submitted', 'Application PDF Ready']);
      expect(mineEvents[0]).toMatchObject({
        source: 'admissions.applications',
        detail: {
          version: 1,
          cycle: 'current',
          id: a.subject,
          reference: expect.stringMatching(/^[0-9A-Z]{8}$/),
          submitted_at: expect.any(String),
          entry_term: completeApplication().entry_term,
          pdf_key: expect.stringContaining(a.subject),
        },
      });
      expect(mineEvents[1]!.detail.reference).toBe(mineEvents[0]!.detail.reference);
    }
    const order = list.filter((e) => e['detail-type'] === 'Application Submitted').map((e) => e.detail.id);
    expect(order.indexOf(first.subject)).toBeLessThan(order.indexOf(second.subject));
    // A second submit of the same application publishes nothing new.
    const before = (await events()).length;
    expect((await first.post('/api/submit')).status).toBe(200);
    expect((await events()).filter((e) => e.detail.id === first.subject && e['detail-type'] === 'Application Submitted')).toHaveLength(1);
    expect((await events()).length).toBeGreaterThanOrEqual(before);
    const page = await (await fetch(`${baseUrl}/_dev/events`)).text();
    expect(page).toContain('Application Submitted');
  }, 90_000);
});
