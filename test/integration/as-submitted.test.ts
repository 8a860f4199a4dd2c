/**
 * As submitted, for ever (issue 37.6), on the real local stack: a submit keeps the application as
 * printed (answers table, sk=snapshot); the staff view, the export and the PDF then show it in the
 * words the applicant saw. A later form is played by writing the snapshot of an earlier one (a
 * question since reworded, one since removed) over the stored item; the model cannot change under
 * a running stack. An application without a snapshot (submitted before they existed) still shows.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { closeBrowser } from '#adapters/renderer/browser';
import { renderApplicationPdf } from '#events/render-pdf';
import type { PrintedPage } from '#form/print';
import type { ApplicationSnapshot } from '#form/snapshot';
import { asAnEarlierForm } from '#form/snapshot.test-support';
import { config, setConfig } from '#lambdas/config';
import { renderDependencies } from '#wiring/render';
import { pdfFindableTag, pdfText } from '../fixtures/pdf-text';
import { waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const endpoints = () => ({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
const snapshotKey = (sub: string) => ({ pk: sub, sk: 'snapshot' });
const rowsOf = (pages: readonly PrintedPage[]) => pages.flatMap((p) => p.sections.flatMap((s) => s.rows));

async function storedSnapshot(sub: string): Promise<ApplicationSnapshot | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: snapshotKey(sub), ConsistentRead: true }));
  return typeof out.Item?.snapshot === 'string' ? (JSON.parse(out.Item.snapshot) as ApplicationSnapshot) : undefined;
}

async function submitted(firstName: string) {
  const a = await registeredApplicant(baseUrl);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: firstName })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a;
}

const REWORDED = 'Forename on passport';
const REMOVED = { key: 'favourite_colour', label: 'Favourite colour', value: 'Teal' };

describe('a submitted application, as submitted', () => {
  const tag = pdfFindableTag('Snap');
  let staff: StaffClient;
  let applicant: Awaited<ReturnType<typeof submitted>>;

  beforeAll(async () => {
    // The job below runs in this process as the event runtime runs it (real Chromium), against the stack's servers.
    setConfig({ ...endpoints(), publicOrigin: baseUrl });
    [applicant, staff] = await Promise.all([submitted(tag), signedInStaff(baseUrl, undefined, 'reader')]);
  }, 120_000);
  afterAll(async () => {
    setConfig(endpoints());
    await closeBrowser();
  });

  it('is kept at submission: the printed pages, the answers and the words of the day', async () => {
    const kept = await storedSnapshot(applicant.subject);
    expect(kept?.takenAt).toMatch(/^\d{4}-/);
    expect(rowsOf(kept!.pages).find((r) => r.key === 'first_name')).toEqual({ key: 'first_name', label: 'First Name', value: tag });
  });

  it('shows the office, exports and prints the words the applicant saw, after the form changed', async () => {
    // The PDF of the submit first, so the render below is the only one left to run.
    expect((await waitForApplicationPdf(applicant, 120_000)).status).toBe('COMPLETED');
    const earlier = asAnEarlierForm((await storedSnapshot(applicant.subject))!, { reworded: { first_name: REWORDED }, removed: [REMOVED] });
    await dynamoClient().send(
      new PutCommand({
        TableName: config().answersTable,
        Item: { ...snapshotKey(applicant.subject), takenAt: earlier.takenAt, snapshot: JSON.stringify(earlier) },
      }),
    );

    const view = await staff.get<{ pages: PrintedPage[] }>(`/staff/api/applications/${applicant.subject}`);
    expect(view.status).toBe(200);
    const rows = rowsOf(view.body.pages);
    expect(rows.find((r) => r.key === 'first_name')).toEqual({ key: 'first_name', label: REWORDED, value: tag });
    expect(rows).toContainEqual(REMOVED);

    const exported = await fetch(`${baseUrl}/staff/api/export.json?q=${tag}`, { headers: { cookie: staff.cookieHeader } });
    expect(exported.status).toBe(200);
    const [row] = (await exported.json()) as Array<Record<string, string>>;
    expect(row?.first_name).toBe(tag);
    expect(JSON.parse(row!.as_submitted!)).toEqual([{ key: 'first_name', label: REWORDED, value: tag }, REMOVED]);

    // The PDF printed again (as GET /api/pdf asks when it is stale) prints the snapshot's words.
    expect((await renderApplicationPdf(applicant.subject, { ...renderDependencies, deadlineMs: 170_000 })).status).toBe('COMPLETED');
    const pdf = await waitForApplicationPdf(applicant, 60_000);
    const { text } = await pdfText(new Uint8Array(await (await fetch(pdf.url!)).arrayBuffer()));
    expect(text).toContain(REWORDED);
    expect(text).toContain(REMOVED.label);
    expect(text).toContain(REMOVED.value);
  }, 240_000);

  it('submitted before snapshots existed, still shows from the form as it is', async () => {
    const before = await submitted(`${tag}Old`);
    await dynamoClient().send(new DeleteCommand({ TableName: config().answersTable, Key: snapshotKey(before.subject) }));
    const view = await staff.get<{ pages: PrintedPage[] }>(`/staff/api/applications/${before.subject}`);
    expect(view.status).toBe(200);
    expect(rowsOf(view.body.pages).find((r) => r.key === 'first_name')).toEqual({ key: 'first_name', label: 'First Name', value: `${tag}Old` });
    const exported = await fetch(`${baseUrl}/staff/api/export.json?q=${tag}Old`, { headers: { cookie: staff.cookieHeader } });
    const [row] = (await exported.json()) as Array<Record<string, string>>;
    expect(row).toMatchObject({ first_name: `${tag}Old`, as_submitted: '' });
  }, 120_000);
});
