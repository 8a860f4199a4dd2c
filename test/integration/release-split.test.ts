/**
 * A release whose e-mail fails has shown the applicant the decision but not finished: until its
 * retry does, no decision is written on that application (one, in bulk, even an admin's), so the
 * retry marks released exactly what the applicant saw and the office never holds another
 * decision as released. This file runs its own stack in its own worker (configuration is per
 * process) whose product e-mails go through a breakable sender; the retry is the scheduled run's
 * handler, called in this process. Everything else is the real code over HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '#domain/ports/mail';
import { runScheduledRelease } from '#events/release-decisions';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { stackWithMailer, throttled } from '../support/mail-fault-stack';
import { signedInStaff, type StaffClient } from '../support/staff';

/** The release's e-mail ("an update to your application") is refused while `refuseUpdates` is set. */
const sender = { refuseUpdates: false, delivered: [] as OutgoingMail[] };

async function breakableSender(mail: OutgoingMail): Promise<string> {
  if (sender.refuseUpdates && /update to your application/.test(mail.subject)) throw throttled();
  sender.delivered.push(mail);
  return `message-${sender.delivered.length}`;
}

const running = stackWithMailer('release-split', breakableSender);

interface Detail {
  office_status: string;
  decision?: { decision: string };
  history: Array<{ from: string; to: string; what: string }>;
}

describe('a release whose e-mail failed', () => {
  let id: string;
  let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
  let decider: StaffClient;
  let admin: StaffClient;
  let releaseId: string;

  beforeAll(async () => {
    applicant = await registeredApplicant(running().url);
    expect((await applicant.put('/api/answer', completeApplication())).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    id = applicant.subject;
    decider = await signedInStaff(running().url, undefined, 'decider');
    admin = await signedInStaff(running().url, undefined, 'admin');
    expect((await decider.put(`/staff/api/applications/${id}/decision`, { decision: 'admit' })).status).toBe(200);
  }, 90_000);

  it('has shown the applicant the decision, and is retried', async () => {
    sender.refuseUpdates = true;
    const release = await admin.post<{ id: string; state: string }>('/staff/api/releases', { ids: [id] });
    expect(release).toMatchObject({ status: 200, body: { state: 'scheduled' } });
    releaseId = release.body.id;
    expect((await applicant.get('/api/decision')).body).toMatchObject({ status: 'released', decision: 'admit' });
    expect((await admin.get<Detail>(`/staff/api/applications/${id}`)).body.office_status).toBe('decided');
  });

  it('refuses every decision on the application until the release is finished: 409 in words, nothing written', async () => {
    const one = await decider.put<{ message: string }>(`/staff/api/applications/${id}/decision`, { decision: 'deny' });
    expect(one).toMatchObject({ status: 409, body: { message: expect.stringContaining('still being finished') } });
    const bulk = await decider.post<{ message: string; ids: string[] }>('/staff/api/decisions', { ids: [id], decision: 'deny' });
    expect(bulk).toMatchObject({ status: 409, body: { ids: [id], message: expect.stringContaining('a release still being finished') } });
    const byAdmin = await admin.put(`/staff/api/applications/${id}/decision`, { decision: 'waitlist', reason: 'Second thoughts' });
    expect(byAdmin.status).toBe(409);
    const detail = (await admin.get<Detail>(`/staff/api/applications/${id}`)).body;
    expect(detail.decision?.decision).toBe('admit');
    expect(detail.history.map((h) => h.what)).toEqual(['Decision: Admit']);
  });

  it('its retry releases what the applicant saw; then the released decision changes the ordinary way', async () => {
    sender.refuseUpdates = false;
    const outcome = await runScheduledRelease({ release_id: releaseId });
    expect(outcome).toMatchObject({ release: { state: 'released', released: 1 }, failed: [], skipped: [] });
    expect(sender.delivered.filter((m) => m.to === applicant.username && /update/.test(m.subject))).toHaveLength(1);
    const detail = (await admin.get<Detail>(`/staff/api/applications/${id}`)).body;
    expect(detail).toMatchObject({ office_status: 'released', decision: { decision: 'admit' } });
    expect(detail.history.map((h) => `${h.from} → ${h.to}: ${h.what}`)).toEqual(['submitted → decided: Decision: Admit', 'decided → released: Released']);
    expect((await applicant.get('/api/decision')).body).toMatchObject({ status: 'released', decision: 'admit' });

    expect((await decider.put(`/staff/api/applications/${id}/decision`, { decision: 'deny' })).status).toBe(403);
    expect((await admin.put(`/staff/api/applications/${id}/decision`, { decision: 'deny', reason: 'Transcript corrected' })).status).toBe(200);
  });
});
