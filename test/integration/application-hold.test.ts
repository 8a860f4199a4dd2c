/**
 * An admin's legal or enrolment hold on the real local stack, over HTTP (#42.8): placed with its
 * reason, shown on the application to every role, recorded in the access record; the office's
 * erasure of a held application is refused (409) with nothing changed; the hold is what the
 * retention sweep reads and its erasure's condition refuses; lifted (recorded), the application
 * can be erased again. Bad bodies are 400s in words with nothing written; other roles are 403s
 * (the role tests cover every staff route from its declaration as well).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { stillAsDecided } from '#adapters/retention/erasure-guard';
import { applicationState } from '#adapters/retention/submitted';
import type { HoldChanged, OfficeHold } from '#form/wire/data-rights';
import { HOLD_REASON_MAX_LENGTH, HOLD_TEXT } from '#form/wire/data-rights-messages';
import { setConfig } from '#lambdas/config';
import { waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { traces, tracesChangedSince } from '../support/traces';

const baseUrl = inject('baseUrl');

beforeAll(() => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
});

interface Reply extends Partial<HoldChanged> {
  message: string;
  errors?: Record<string, string[]>;
}

const hold = (who: ApiClient, id: string, body: unknown) => who.request<Reply>('PUT', `/staff/api/applications/${id}/hold`, body);
const erase = (who: ApiClient, id: string) =>
  who.post<{ message: string }>(`/staff/api/applications/${id}/erase`, { reason: 'Asked by the applicant in writing' });

describe('a hold on an application', () => {
  let admin: StaffClient;
  let reader: StaffClient;
  let decider: StaffClient;
  let id: string;
  let submittedAt: string;
  const reason = 'Litigation hold, case 2026-14';

  beforeAll(async () => {
    let a: Awaited<ReturnType<typeof registeredApplicant>>;
    [admin, reader, decider, a] = await Promise.all([
      signedInStaff(baseUrl, undefined, 'admin'),
      signedInStaff(baseUrl, undefined, 'reader'),
      signedInStaff(baseUrl, undefined, 'decider'),
      registeredApplicant(baseUrl),
    ]);
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: `Hold${randomUUID().slice(0, 6)}` })).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    // Its PDF first: the render writes the PDF and revokes its service token, which a "nothing
    // written" comparison below would otherwise see land between its two snapshots.
    expect(['COMPLETED', 'FAILED']).toContain((await waitForApplicationPdf(a, 90_000)).status);
    id = a.subject;
    submittedAt = (await admin.get<{ submitted_at: string }>(`/staff/api/applications/${id}`)).body.submitted_at;
  }, 120_000);

  it('refuses bad requests in words, other roles, and an unknown or unsubmitted application, with nothing written', async () => {
    const before = await traces([id]);
    const cases: Array<[unknown, string]> = [
      [{ hold: true }, HOLD_TEXT.reasonMissing],
      [{ hold: true, reason: '   ' }, HOLD_TEXT.reasonMissing],
      [{ hold: true, reason: 'x'.repeat(HOLD_REASON_MAX_LENGTH + 1) }, HOLD_TEXT.reasonTooLong],
      [{ hold: 'yes', reason }, HOLD_TEXT.holdMissing],
      [{ reason }, HOLD_TEXT.holdMissing],
      [{ hold: true, reason, by: 'someone@else' }, 'Unknown field: by.'],
    ];
    for (const [body, message] of cases) {
      const res = await hold(admin, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    for (const who of [reader, decider]) expect((await hold(who, id, { hold: true, reason })).status).toBe(403);
    const unknown = await hold(admin, randomUUID(), { hold: true, reason });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no submitted application with this id.');
    const notHeld = await hold(admin, id, { hold: false });
    expect(notHeld.status).toBe(409);
    expect(notHeld.body.message).toMatch(/not on hold/);
    expect(await tracesChangedSince([id], before)).toEqual({ gone: [], added: [] });

    const draft = await registeredApplicant(baseUrl);
    expect((await hold(admin, draft.subject, { hold: true, reason })).status).toBe(404);
    expect((await applicationState(draft.subject)).held).toBe(false);
  });

  it('is placed, shown and recorded; refuses the erasure until lifted, and retention keeps it meanwhile', async () => {
    const placed = await hold(admin, id, { hold: true, reason: `  ${reason} ` });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const shown: OfficeHold = { reason, by: admin.email, at: expect.any(String) };
    expect(placed.body.hold).toEqual(shown);
    for (const who of [admin, reader, decider])
      expect((await who.get<{ hold?: OfficeHold }>(`/staff/api/applications/${id}`)).body.hold).toEqual(placed.body.hold);
    expect((await hold(admin, id, { hold: true, reason: 'Another' })).status).toBe(409);

    // What the retention sweep reads, and its erasure's condition, see the route's hold.
    expect(await applicationState(id)).toEqual({ submitted: true, held: true });
    expect(await stillAsDecided(id, { submitted: true, submittedAt })).toBe(false);

    const before = await traces([id]);
    const refused = await erase(admin, id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Lift the hold first/);
    expect(await tracesChangedSince([id], before)).toEqual({ gone: [], added: [] });

    const lifted = await hold(admin, id, { hold: false });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect(lifted.body.hold).toBeNull();
    expect((await admin.get<{ hold?: OfficeHold }>(`/staff/api/applications/${id}`)).body.hold).toBeUndefined();
    expect(await applicationState(id)).toEqual({ submitted: true, held: false });

    const audit = await admin.get<{ items: Array<{ action: string; staff: string; summary: string }> }>(`/staff/api/audit?application=${id}`);
    const records = audit.body.items.filter((i) => i.action.startsWith('hold')).map(({ action, staff, summary }) => ({ action, staff, summary }));
    expect(records).toEqual([
      { action: 'hold.lift', staff: admin.email, summary: expect.stringMatching(/^Lifted the hold on the application /) as unknown },
      { action: 'hold', staff: admin.email, summary: expect.stringMatching(new RegExp(`^Placed a hold on the application .+: “${reason}”$`)) as unknown },
    ]);
    // Nothing of a refused erasure was recorded.
    expect(audit.body.items.filter((i) => i.action === 'erase')).toEqual([]);

    const erased = await erase(admin, id);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect((await hold(admin, id, { hold: true, reason })).status).toBe(404);
  }, 120_000);
});
