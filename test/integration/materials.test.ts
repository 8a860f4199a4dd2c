/**
 * Materials received on the real local stack, over HTTP (issue 39, item 2): a reader marks the
 * transcript received on a day, the applicant's status page (GET /api/checklist) shows it and the
 * staff list finds the application complete; undone, it is awaited again and incomplete. Bad
 * requests are 400s in words (the item, the day's form, a day in the future) with nothing written,
 * an unknown application a 404, and the applicant's session cannot reach the staff route. The
 * access record and the application's history say each change.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '#form/calendar';
import type { ChecklistEntry } from '#form/checklist';
import type { MaterialMarked } from '#form/wire/materials';
import { MATERIAL_MESSAGES } from '#form/wire/materials';
import type { ApplicationDetail, ApplicationPage } from '#form/wire/responses';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

type Reply = Partial<MaterialMarked> & { message: string };

const mark = (who: ApiClient, id: string, item: string, body: unknown) => who.request<Reply>('PUT', `/staff/api/applications/${id}/materials/${item}`, body);
const transcriptOf = async (applicant: ApiClient) =>
  (await applicant.get<{ items: ChecklistEntry[] }>('/api/checklist')).body.items.find((i) => i.id === 'transcript');
const listed = async (staff: ApiClient, reference: string, complete: boolean) =>
  (await staff.get<ApplicationPage>(`/staff/api/applications?q=${reference}&complete=${complete}`)).body.items.map((i) => i.reference);

describe('materials received', () => {
  let reader: StaffClient;
  let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
  let id: string;
  let reference: string;

  beforeAll(async () => {
    [reader, applicant] = await Promise.all([signedInStaff(baseUrl, undefined, 'reader'), registeredApplicant(baseUrl)]);
    expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: `Mat${randomUUID().slice(0, 6)}` })).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    id = applicant.subject;
    reference = (await reader.get<ApplicationDetail>(`/staff/api/applications/${id}`)).body.reference;
  }, 120_000);

  it('refuses bad requests in words, an unknown application, and the applicant, with nothing written', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const cases: Array<[string, unknown, string | RegExp]> = [
      ['portfolio', { status: 'received' }, /^There is no material “portfolio” on the checklist: choose one of transcript, /],
      ['transcript', { status: 'arrived' }, MATERIAL_MESSAGES.status],
      ['transcript', { status: 'received', received_at: '20/11/2026' }, MATERIAL_MESSAGES.date],
      ['transcript', { status: 'received', received_at: addDays(today, 3) }, /^The day it arrived \(\d{4}-\d\d-\d\d\) is in the future/],
    ];
    for (const [item, body, message] of cases) {
      const res = await mark(reader, id, item, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await mark(reader, randomUUID(), 'transcript', { status: 'received' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no submitted application with this id.');
    // The applicant's own session is no staff session.
    expect((await mark(applicant, id, 'transcript', { status: 'received' })).status).toBe(401);
    expect(await transcriptOf(applicant)).toMatchObject({ state: 'awaiting' });
    expect((await reader.get<ApplicationDetail>(`/staff/api/applications/${id}`)).body.history).toEqual([]);
  });

  it("a reader marks the transcript received: the applicant's status page shows it and the list finds it complete; undone, it is awaited again", async () => {
    const day = addDays(new Date().toISOString().slice(0, 10), -2);
    const marked = await mark(reader, id, 'transcript', { status: 'received', received_at: day });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.complete).toBe(true);
    expect(await transcriptOf(applicant)).toMatchObject({ state: 'received', receivedAt: day });
    expect(await listed(reader, reference, true)).toEqual([reference]);
    expect(await listed(reader, reference, false)).toEqual([]);

    const undone = await mark(reader, id, 'transcript', { status: 'awaiting' });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.complete).toBe(false);
    expect(await transcriptOf(applicant)).toMatchObject({ state: 'awaiting' });
    expect(await listed(reader, reference, false)).toEqual([reference]);

    const detail = (await reader.get<ApplicationDetail>(`/staff/api/applications/${id}`)).body;
    expect(detail.materials?.items.find((i) => i.id === 'transcript')).toMatchObject({ state: 'awaiting' });
    expect(detail.history.map(({ staff, what, material, from, to }) => ({ staff, what, material, same: from === to }))).toEqual([
      { staff: reader.email, what: `Material received: High school transcript, ${day}`, material: 'transcript', same: true },
      { staff: reader.email, what: 'Material mark undone: High school transcript (awaited again)', material: 'transcript', same: true },
    ]);
    const audit = await reader.get<{ items: Array<{ action: string; staff: string; summary: string }> }>(`/staff/api/audit?application=${id}`);
    expect(audit.body.items.filter((i) => i.action === 'material').map(({ staff, summary }) => ({ staff, summary }))).toEqual([
      { staff: reader.email, summary: expect.stringMatching(/^Undid the mark on the high school transcript of the application /) as unknown },
      {
        staff: reader.email,
        summary: expect.stringMatching(new RegExp(`^Marked the high school transcript of the application .+ received on ${day}$`)) as unknown,
      },
    ]);
  }, 60_000);
});
