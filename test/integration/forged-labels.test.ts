/**
 * A label the browser sends is not what the office reads: an applicant saves the code of one
 * major with the label of another ("Nursing"), submits, and the staff list, the staff view's
 * printed rows, the application PDF and both exports show the model's label of the code.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isLabelKey } from '#form/contract';
import { pdfFindableTag, pdfText } from '../fixtures/pdf-text';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const FORGED = 'Nursing';
const REAL = 'Computer Science';

describe('a forged label of an option answer', () => {
  const tag = pdfFindableTag('Forge');
  let staff: StaffClient;
  let subject: string;

  beforeAll(async () => {
    const a = await registeredApplicant(baseUrl);
    const forged = { ...completeApplication(), first_name: tag, applied_major: 'CS', applied_major_desc: FORGED };
    expect((await a.put('/api/answer', forged)).status).toBe(200);
    // A label sent on its own, after the answer, changes nothing either.
    expect((await a.put('/api/answer', { applied_major_desc: FORGED })).status).toBe(200);
    expect((await a.get<{ answer: Record<string, string> }>('/api/profile')).body.answer.applied_major_desc).toBe(REAL);
    expect((await a.post('/api/submit')).status).toBe(200);
    subject = a.subject;
    staff = await signedInStaff(baseUrl);
  }, 60_000);

  it("reaches the staff list and the staff view's printed rows as the model's label", async () => {
    const list = await staff.get<{ items: Array<Record<string, string>> }>(`/staff/api/applications?q=${tag}`);
    expect(list.body.items.map((i) => [i.id, i.applied_major_desc])).toEqual([[subject, REAL]]);
    const view = await staff.get<{ pages: Array<{ sections: Array<{ rows: Array<{ key: string; value: string }> }> }> }>(`/staff/api/applications/${subject}`);
    expect(view.status).toBe(200);
    const rows = view.body.pages.flatMap((p) => p.sections.flatMap((s) => s.rows));
    expect(rows.find((r) => r.key === 'applied_major')?.value).toBe(REAL);
    expect(JSON.stringify(view.body)).not.toContain(FORGED);
  });

  it("is printed in the application PDF as the model's label", async () => {
    const deadline = Date.now() + 60_000;
    let url: string | undefined;
    while (!url) {
      const view = await staff.get<{ pdf: { status: string; download_url?: string } }>(`/staff/api/applications/${subject}`);
      if (view.body.pdf?.status === 'COMPLETED') url = view.body.pdf.download_url;
      else if (view.body.pdf?.status === 'FAILED' || Date.now() > deadline) throw new Error(`application PDF ${JSON.stringify(view.body.pdf)}`);
      else await new Promise((r) => setTimeout(r, 250));
    }
    // The console's download route, followed as a browser does.
    const { text } = await pdfText(new Uint8Array(await (await fetch(`${baseUrl}${url}`, { headers: { cookie: staff.cookieHeader } })).arrayBuffer()));
    expect(text).toContain(tag);
    expect(text).toContain(REAL);
    expect(text).not.toContain(FORGED);
  }, 90_000);

  it("is exported as the model's label in CSV and JSON", async () => {
    const csv = (await (await fetch(`${baseUrl}/staff/api/export.csv?q=${tag}`, { headers: { cookie: staff.cookieHeader } })).text()).replace(/^\uFEFF/, '');
    const [header, row] = csv.split('\r\n');
    const columns = header!.split(',');
    const cells = row!.split(',');
    expect(cells[columns.indexOf('applied_major')]).toBe('CS');
    expect(cells[columns.indexOf('applied_major_desc')]).toBe(REAL);
    expect(csv).not.toContain(FORGED);
    const json = (await (await fetch(`${baseUrl}/staff/api/export.json?q=${tag}`, { headers: { cookie: staff.cookieHeader } })).json()) as Array<
      Record<string, string>
    >;
    expect(json.map((r) => [r.id, r.applied_major, r.applied_major_desc])).toEqual([[subject, 'CS', REAL]]);
  });
});

describe('a save without labels, as the browser sends it', () => {
  it("stores the model's label of every choice, and the application submits", async () => {
    const a = await registeredApplicant(baseUrl);
    const complete = completeApplication();
    const labels = Object.fromEntries(Object.entries(complete).filter(([key]) => isLabelKey(key)));
    expect(Object.keys(labels).length).toBeGreaterThan(0);
    const sent = Object.fromEntries(Object.entries(complete).filter(([key]) => !isLabelKey(key)));
    expect((await a.put('/api/answer', sent)).status).toBe(200);
    const stored = (await a.get<{ answer: Record<string, string> }>('/api/profile')).body.answer;
    expect(Object.fromEntries(Object.keys(labels).map((key) => [key, stored[key]]))).toEqual(labels);
    expect((await a.post('/api/submit')).status).toBe(200);
  });
});
