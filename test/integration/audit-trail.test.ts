/**
 * The office-wide access record on the real local stack, over HTTP: every record of every
 * partition (the office's and each application's) in one time-ordered view for admins, filtered
 * by staff member, action and date. An erased application's record is found by its action alone,
 * without the erased id; a staff member's reads and decisions of a week are found by their address.
 * Pages follow the cursor with nothing lost or repeated; bad filters are 400 in words with nothing
 * recorded; other roles are refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { institution } from '#form/institution';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

interface Entry {
  at: string;
  staff: string;
  action: string;
  summary: string;
  application?: string;
  detail?: Record<string, string>;
}
interface AuditBody {
  items: Entry[];
  cursor: string | null;
  message?: string;
}

async function submitted(tag: string): Promise<{ id: string; reference: string }> {
  const a = await registeredApplicant(baseUrl);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: tag })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return { id: a.subject, reference: (await a.get<{ reference: string }>('/api/profile')).body.reference };
}

/** A day on the institution's calendar, `days` from today (the filters' dates are the office's). */
function day(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: institution.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

const trail = (who: StaffClient, query: Record<string, string>) => who.get<AuditBody>(`/staff/api/audit?${new URLSearchParams(query).toString()}`);

/** Every page of the office-wide view for these filters, following the cursor. */
async function allPages(who: StaffClient, query: Record<string, string>): Promise<{ items: Entry[]; pages: number }> {
  const items: Entry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await trail(who, cursor ? { ...query, cursor } : query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(50);
    items.push(...res.body.items);
    cursor = res.body.cursor;
    pages++;
  } while (cursor && pages < 40);
  return { items, pages };
}

const newestFirst = (items: Entry[]) => items.every((e, i) => i === 0 || items[i - 1]!.at >= e.at);

describe('the office-wide access record', () => {
  const tag = `Trl${randomUUID().slice(0, 6)}`;
  let admin: StaffClient;
  let reader: StaffClient;
  let decider: StaffClient;
  let kept: { id: string; reference: string };
  let gone: { id: string; reference: string };

  beforeAll(async () => {
    [admin, reader, decider] = await Promise.all([
      signedInStaff(baseUrl, undefined, 'admin'),
      signedInStaff(baseUrl, undefined, 'reader'),
      signedInStaff(baseUrl, undefined, 'decider'),
    ]);
    [kept, gone] = await Promise.all([submitted(`${tag}K`), submitted(`${tag}G`)]);
    // The reader's week: a list (an office record) between reads of two applications (each in its own partition).
    expect((await reader.get(`/staff/api/applications/${kept.id}`)).status).toBe(200);
    expect((await reader.get(`/staff/api/applications?q=${tag}`)).status).toBe(200);
    expect((await reader.get(`/staff/api/applications/${gone.id}`)).status).toBe(200);
    expect((await decider.get(`/staff/api/applications/${kept.id}`)).status).toBe(200);
    const erased = await admin.post(`/staff/api/applications/${gone.id}/erase`, { reason: 'Asked by the applicant in writing' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
  }, 120_000);

  it("finds an erased application's record by its action alone, without the erased id", async () => {
    const { items } = await allPages(admin, { action: 'erase' });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.action === 'erase')).toBe(true);
    expect(newestFirst(items)).toBe(true);
    const record = items.find((e) => e.application === gone.id);
    expect(record).toMatchObject({ staff: admin.email, summary: `Erased the application ${gone.reference}: “Asked by the applicant in writing”` });
    // And by who erased it, on the day it happened.
    const byAdmin = await allPages(admin, { staff: admin.email, action: 'erase', from: day(-1), to: day(1) });
    expect(byAdmin.items.map((e) => e.application)).toContain(gone.id);
  });

  it("answers what a staff member did in a week: every record of theirs across the office's and the applications' partitions, newest first", async () => {
    const { items } = await allPages(admin, { staff: reader.email, from: day(-7), to: day(1) });
    expect(items.every((e) => e.staff === reader.email)).toBe(true);
    expect(newestFirst(items)).toBe(true);
    // Oldest first: the sign-in, then the read, the list and the second read, in the order they happened.
    const story = items
      .slice()
      .reverse()
      .map((e) => [e.action, e.application ?? null]);
    expect(story).toEqual([
      ['sign-in', null],
      ['read', kept.id],
      ['list', null],
      ['read', gone.id],
    ]);
    const reads = await allPages(admin, { staff: reader.email, action: 'read' });
    expect(reads.items.map((e) => e.application)).toEqual([gone.id, kept.id]);
  });

  it('leaves out what lies outside the dates', async () => {
    expect((await allPages(admin, { staff: reader.email, to: day(-2) })).items).toEqual([]);
    expect((await allPages(admin, { staff: reader.email, from: day(2) })).items).toEqual([]);
    expect((await allPages(admin, { staff: reader.email, from: day(-1), to: day(1) })).items).toHaveLength(4);
  });

  it('pages through more than a page with the cursor: nothing lost, nothing repeated, in order', async () => {
    const busy = await signedInStaff(baseUrl, undefined, 'reader');
    for (let i = 0; i < 30; i++) {
      expect((await busy.get(`/staff/api/applications/${kept.id}`)).status).toBe(200);
      expect((await busy.get(`/staff/api/applications?q=${tag}`)).status).toBe(200);
    }
    const { items, pages } = await allPages(admin, { staff: busy.email });
    expect(pages).toBeGreaterThan(1);
    expect(items).toHaveLength(61);
    expect(new Set(items.map((e) => `${e.at}|${e.action}|${e.application ?? ''}`)).size).toBe(61);
    expect(newestFirst(items)).toBe(true);
    expect(items.filter((e) => e.action === 'read')).toHaveLength(30);
    expect(items.filter((e) => e.action === 'list')).toHaveLength(30);

    // Without any filter, the newest records of the whole office come first, whatever their partition.
    const first = await trail(admin, {});
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    expect(newestFirst(first.body.items)).toBe(true);
    expect(first.body.items.some((e) => e.application)).toBe(true);
    expect(first.body.items.some((e) => !e.application)).toBe(true);
  });

  it('records the view with the filters asked, before answering', async () => {
    await trail(admin, { staff: decider.email, action: 'read' });
    const mine = await trail(admin, { staff: admin.email, action: 'audit' });
    expect(mine.body.items[1]).toMatchObject({
      action: 'audit',
      detail: { staff: decider.email, action: 'read' },
      summary: `Viewed the office-wide access record filtered by staff member ${decider.email}, action read`,
    });
  });

  it('refuses bad filters with a 400 in words, recording nothing', async () => {
    const before = (await allPages(admin, { staff: admin.email, action: 'audit' })).items.length;
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ action: 'delete-everything' }, /action/i],
      [{ from: '2026-13-01' }, /date/i],
      [{ to: 'last week' }, /date/i],
      [{ from: day(1), to: day(-1) }, /before|after/i],
      [{ staff: 'not an address' }, /staff|address/i],
      [{ application: kept.id, action: 'read' }, /office-wide|application/i],
      [{ cursor: 'nonsense' }, /cursor/i],
    ];
    for (const [query, words] of bad) {
      const res = await trail(admin, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toMatch(words);
    }
    expect((await allPages(admin, { staff: admin.email, action: 'audit' })).items.length).toBe(before + 1);
  });

  it('is refused to readers and deciders (403), with nothing recorded', async () => {
    for (const who of [reader, decider]) {
      const res = await trail(who, { action: 'erase' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBeTruthy();
    }
    expect((await allPages(admin, { staff: reader.email, action: 'audit' })).items).toEqual([]);
    expect((await allPages(admin, { staff: decider.email, action: 'audit' })).items).toEqual([]);
  });
});
