/**
 * A reader sees no decision anywhere (docs/decisions-lifecycle.md), on the real local stack over
 * HTTP: after two other readers reviewed an application, a decider staged and changed its
 * decision with a note, an admin released it and changed the released decision with a reason,
 * a third reader calls every staff GET route a reader may use and reads each answer (the exports'
 * files too). No answer names a decision (a value or its label), the note, the reason, or another
 * reader's recommendation or notes; the history and the access record still show that something
 * happened, in neutral words.
 *
 * The routes called are one list, READER_GETS; a test checks it against the route table, so a new
 * GET route a reader may use fails here until it is added.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { policies } from '#form/institution-policies';
import { DECISIONS, DECISION_LABELS } from '#form/wire/decision-words';
import { routes, type RouteDef } from '#lambdas/routes';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

interface Context {
  id: string;
  tag: string;
}

/**
 * Every staff GET route a reader may use, with a request that reaches its handler. `files`: the
 * answer is a redirect to a file that is read too (the exports); `rubric`: the answer is the review
 * form, whose recommendations a reader needs to write a review, so only the secrets are searched.
 */
const READER_GETS: ReadonlyArray<{ name: string; path: (c: Context) => string; files?: true; rubric?: true }> = [
  { name: 'readStaffSession', path: () => '/staff/api/session' },
  { name: 'listApplications', path: (c) => `/staff/api/applications?q=${c.tag}` },
  { name: 'readApplication', path: (c) => `/staff/api/applications/${c.id}` },
  { name: 'downloadApplicationDocument', path: (c) => `/staff/api/applications/${c.id}/documents/transcript/download` },
  { name: 'downloadStaffApplicationPdf', path: (c) => `/staff/api/applications/${c.id}/pdf/download` },
  { name: 'exportApplicationsCsv', path: (c) => `/staff/api/export.csv?q=${c.tag}`, files: true },
  { name: 'exportApplicationsJson', path: (c) => `/staff/api/export.json?q=${c.tag}`, files: true },
  { name: 'readAudit', path: (c) => `/staff/api/audit?application=${c.id}` },
  { name: 'downloadRecommendationLetter', path: (c) => `/staff/api/applications/${c.id}/recommendations/${randomUUID()}/letter` },
  { name: 'readReviewForm', path: () => '/staff/api/review-form', rubric: true },
  { name: 'nextToRead', path: () => '/staff/api/queue/next' },
  { name: 'readQueue', path: () => '/staff/api/queue' },
  { name: 'listNotes', path: (c) => `/staff/api/applications/${c.id}/notes` },
  { name: 'readDuplicates', path: (c) => `/staff/api/applications/${c.id}/duplicates` },
  { name: 'listInProgress', path: () => '/staff/api/in-progress' },
  { name: 'exportInProgressCsv', path: () => '/staff/api/in-progress.csv', files: true },
  { name: 'listFilterSets', path: () => '/staff/api/filter-sets' },
  { name: 'readApplicationMessages', path: (c) => `/staff/api/applications/${c.id}/messages` },
];

/** A decision's value or label as a word ("deny", "Waitlist"), in any case. */
const DECISION_WORD = new RegExp(`\\b(${[...DECISIONS, ...Object.values(DECISION_LABELS)].join('|')})\\b`, 'i');

const scores = Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 2]));

describe('a reader sees no decision anywhere', () => {
  const tag = `Rdr${randomUUID().slice(0, 6)}`;
  const secrets = { note: `Note${randomUUID()}`, reason: `Reason${randomUUID()}`, otherNotes: `Notes${randomUUID()}` };
  let id: string;
  let reader: StaffClient;
  let others: StaffClient[];
  let admin: StaffClient;

  beforeAll(async () => {
    const applicant = await registeredApplicant(baseUrl);
    expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: tag })).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    id = applicant.subject;
    reader = await signedInStaff(baseUrl, undefined, 'reader');
    others = [await signedInStaff(baseUrl, undefined, 'reader'), await signedInStaff(baseUrl, undefined, 'reader')];
    const decider = await signedInStaff(baseUrl, undefined, 'decider');
    admin = await signedInStaff(baseUrl, undefined, 'admin');

    const reviewed = [
      await others[0]!.post(`/staff/api/applications/${id}/reviews`, { scores, recommendation: 'admit', notes: secrets.otherNotes }),
      await others[1]!.post(`/staff/api/applications/${id}/reviews`, { scores, recommendation: 'waitlist' }),
    ];
    expect(reviewed.map((r) => r.status)).toEqual([200, 200]);
    expect((await decider.put(`/staff/api/applications/${id}/decision`, { decision: 'deny', note: secrets.note })).status).toBe(200);
    expect((await decider.put(`/staff/api/applications/${id}/decision`, { decision: 'waitlist', note: secrets.note })).status).toBe(200);
    expect((await admin.post('/staff/api/releases', { ids: [id] })).body).toMatchObject({ state: 'released' });
    const changed = await admin.put(`/staff/api/applications/${id}/decision`, { decision: 'admit', reason: secrets.reason });
    expect(changed.status).toBe(200);
  }, 120_000);

  it('READER_GETS is every staff GET route a reader may use', () => {
    const allowed = (routes as readonly RouteDef[]).filter((r) => r.access === 'staff' && r.method === 'GET' && r.roles?.includes('reader'));
    expect(READER_GETS.map((r) => r.name).sort()).toEqual(allowed.map((r) => r.name).sort());
  });

  it('no answer to the reader names a decision, the note, the reason or another reader’s recommendation', async () => {
    for (const route of READER_GETS) {
      const path = route.path({ id, tag });
      const res = await fetch(`${baseUrl}${path}`, { headers: { cookie: reader.cookieHeader, accept: 'application/json' }, redirect: 'manual' });
      expect(res.status, path).toBeLessThan(500);
      const texts = [await res.text()];
      if (route.files) {
        expect(res.status, path).toBe(303);
        const file = await fetch(res.headers.get('location')!);
        expect(file.status, path).toBe(200);
        texts.push(await file.text());
      }
      for (const text of texts) {
        for (const secret of Object.values(secrets)) expect(text, path).not.toContain(secret);
        if (!route.rubric) expect(text.match(DECISION_WORD)?.[0], `${path}: ${text.slice(0, 2000)}`).toBeUndefined();
      }
    }
  });

  it('the history and the access record say what happened in neutral words', async () => {
    const detail = await reader.get<{ history: Array<{ from: string; to: string; what: string }>; reviews: unknown[] }>(`/staff/api/applications/${id}`);
    expect(detail.body.reviews).toEqual([]);
    expect(detail.body.history.map((h) => `${h.from} → ${h.to}: ${h.what}`)).toEqual([
      'submitted → in_review: First review',
      'in_review → decided: Decision recorded',
      'decided → decided: Decision changed',
      'decided → released: Released',
      'released → decided: Released decision changed',
    ]);
    const audit = await reader.get<{ items: Array<{ action: string; staff: string; summary: string; detail?: Record<string, string> }> }>(
      `/staff/api/audit?application=${id}`,
    );
    const writes = audit.body.items.filter((r) => ['review', 'decision'].includes(r.action)).reverse();
    expect(writes.map((r) => [r.action, r.summary.replace(/ the application \S+ \([^)]*\)/, ' the application')])).toEqual([
      ['review', 'Reviewed the application'],
      ['review', 'Reviewed the application'],
      ['decision', 'Recorded a decision on the application'],
      ['decision', 'Recorded a decision on the application'],
      ['decision', 'Changed the released decision of the application'],
    ]);
    for (const r of writes) expect(Object.keys(r.detail ?? {}), r.summary).not.toEqual(expect.arrayContaining(['decision']));
  });

  it('a decider and an admin still read it all', async () => {
    const audit = await admin.get<{ items: Array<{ action: string; summary: string; detail?: Record<string, string> }> }>(`/staff/api/audit?application=${id}`);
    expect(audit.body.items.find((r) => r.action === 'decision' && r.detail?.released_change)).toMatchObject({
      detail: { decision: 'admit', previous: 'waitlist', reason: secrets.reason },
      summary: expect.stringContaining(`from Waitlist to Admit (reason: ${secrets.reason})`),
    });
    const detail = await admin.get<{ history: Array<{ what: string }> }>(`/staff/api/applications/${id}`);
    expect(detail.body.history.at(-1)?.what).toBe(`Released decision changed: Waitlist → Admit. Reason: ${secrets.reason}`);
  });
});
