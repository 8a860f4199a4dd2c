/**
 * Applications in progress on the real local stack, over HTTP (issue 39, item 3): an applicant who
 * saved a page appears in the office's list with their name, e-mail, cycle, last save, pages done
 * and the pages missing; all pages done once their answers pass; gone once submitted. The list and
 * its CSV show nothing else of the application, and no other staff route opens an unsubmitted
 * one. Bad filters are 400s in words; the applicant's session cannot reach the list.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pages } from '#form/model';
import type { InProgressPage, InProgressRow } from '#form/wire/in-progress';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

const ROW_FIELDS = [
  'id',
  'name',
  'email',
  'cycle',
  'cycle_label',
  'round',
  'round_label',
  'started_at',
  'last_activity',
  'pages_done',
  'pages_total',
  'missing',
];

describe('applications in progress', () => {
  let reader: StaffClient;
  let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
  const first = `Prog${randomUUID().slice(0, 6)}`;

  /** Every page of the list, as the reader reads it. */
  async function listed(): Promise<InProgressRow[]> {
    const rows: InProgressRow[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: InProgressPage } = await reader.get<InProgressPage>(
        `/staff/api/in-progress${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      rows.push(...res.body.items);
      cursor = res.body.cursor;
    } while (cursor);
    return rows;
  }
  const mine = async () => (await listed()).find((r) => r.id === applicant.subject);

  beforeAll(async () => {
    [reader, applicant] = await Promise.all([signedInStaff(baseUrl, undefined, 'reader'), registeredApplicant(baseUrl)]);
  }, 120_000);

  it('lists an applicant who saved a page: who, when, the pages done and what is missing; nothing more', async () => {
    expect(await mine()).toBeUndefined();
    expect((await applicant.put('/api/answer', { first_name: first, last_name: 'Lovelace' })).status).toBe(200);
    const row = await mine();
    expect(row).toMatchObject({
      name: `${first} Lovelace`,
      email: applicant.username,
      pages_done: 0,
      pages_total: pages.length,
      missing: pages.map((p) => p.title),
    });
    expect(Object.keys(row!).every((k) => ROW_FIELDS.includes(k))).toBe(true);
    expect(Date.parse(row!.last_activity)).toBeGreaterThanOrEqual(Date.parse(row!.started_at));

    expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: first })).status).toBe(200);
    const later = await mine();
    expect(later).toMatchObject({ pages_done: pages.length, missing: [], started_at: row!.started_at });

    // The CSV says the same, and no staff route opens the unsubmitted application.
    const csv = await fetch(`${baseUrl}/staff/api/in-progress.csv`, { headers: { cookie: reader.cookieHeader } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`${first} Lovelace,${applicant.username},`);
    for (const path of [`/staff/api/applications/${applicant.subject}`, `/staff/api/applications/${applicant.subject}/notes`])
      expect((await reader.get(path)).status, path).toBe(404);
  }, 60_000);

  it('takes the submitted application out of the list', async () => {
    expect((await applicant.post('/api/submit')).status).toBe(200);
    expect(await mine()).toBeUndefined();
  }, 60_000);

  it('refuses bad filters in words, and the applicant', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?cycle=nope', /^There is no cycle “nope”: choose one of /],
      ['?round=nope', /^There is no round “nope” in /],
      ['?cursor=garbage', /^That is not a page of this list/],
      ['?colour=red', /^Unknown parameter: colour\.$/],
    ];
    for (const [query, message] of cases) {
      const res = await reader.get<{ message: string }>(`/staff/api/in-progress${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await applicant.get('/staff/api/in-progress')).status).toBe(401);
  });
});
