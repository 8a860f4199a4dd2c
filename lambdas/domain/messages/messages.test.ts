import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';

import { InputError } from '#form/wire/input';
import { CONFIRM_ABOVE, parseMailingDraft, type MailingDraft } from '#form/wire/messages';
import { allows } from '#form/wire/staff-access';
import { Conflict, Invalid, TooManyRequests } from '../errors';
import type { LedgerRow } from '../ports/messages';
import { createMailing, previewMailing, readMailing, sendMailing, testMailing } from './mailings';
import { CYCLE, draft, id, messagesWorld, NOW, ROUND, submitted } from './memory.test-support';
import { applicantMessages, applicationMessages } from './messages';
import { safeFirstName } from './recipients';
import { deliverOne, finishMailing, INTERRUPTED, MAX_ATTEMPTS, runMailing, SENDING_LEASE_MS } from './sending';

const DRAFT: MailingDraft = {
  subject: '{institution}: your {round} deadline is {deadline}',
  body: 'Dear {first_name},\n\nYour application still needs: {missing_items}.\n\nYour status page: {status_link}',
  kind: 'transactional',
  recipients: { source: 'submitted', filters: { cycle: CYCLE.id, round: ROUND.id } },
};

const apps = (n: number) => Array.from({ length: n }, (_, i) => submitted(i + 1));

/** Every queued delivery run once, as the queue's consumer would, in order (retried ones stay for the next drain). */
async function drain(w: ReturnType<typeof messagesWorld>): Promise<unknown[]> {
  const errors: unknown[] = [];
  while (w.queued.length > 0) {
    const job = w.queued.shift()!;
    try {
      await deliverOne(w.ports, job.mailing, job.application);
    } catch (error) {
      errors.push(error);
    }
  }
  return errors;
}

async function drafted(w: ReturnType<typeof messagesWorld>, draft: MailingDraft = DRAFT) {
  return (await createMailing(w.ports, draft, 'officer@example.edu')).mailing.id;
}

describe('a mailing’s words', () => {
  it('refuses an empty subject, an unknown placeholder and an applicant’s value in the subject, in words (the checker of Settings)', () => {
    const parse = (subject: string, body: string) => () =>
      parseMailingDraft({ subject, body, kind: 'transactional', recipients: { source: 'submitted', filters: {} } });
    expect(parse('', 'Hello')).toThrow(/Subject: The subject is empty/);
    expect(parse('Hello', 'Dear {frist_name}')).toThrow(/\{frist_name\} is not a placeholder this e-mail knows\. Write \{first_name\}/);
    expect(parse('Hello {first_name}', 'Body')).toThrow(/cannot go in the subject/);
    expect(parse('Hello', 'Dear {decision}')).toThrow(/\{decision\} is not a placeholder/);
  });

  it('takes the recipients’ filter as its list parses it, and refuses a decided-but-unreleased filter', () => {
    const parse = (recipients: unknown) => () => parseMailingDraft({ subject: 'Hi', body: 'Hi', kind: 'marketing', recipients });
    expect(parse({ source: 'submitted', filters: { colour: 'red' } })).toThrow(/Unknown parameter: colour/);
    expect(parse({ source: 'submitted', filters: { status: 'decided' } })).toThrow(/decision is waiting before its release/);
    // The list's decision and reply filters: only over released decisions, or the unreleased admits would learn theirs.
    expect(parse({ source: 'submitted', filters: { decision: 'admit' } })).toThrow(/goes only to applicants whose decision is released/);
    expect(parse({ source: 'submitted', filters: { decision: 'admit', status: 'in_review' } })).toThrow(/decision is released/);
    expect(parse({ source: 'submitted', filters: { reply: 'accept' } })).toThrow(/decision is released/);
    expect(parse({ source: 'submitted', filters: { decision: 'admit', status: 'released' } })()).toMatchObject({
      recipients: { source: 'submitted', filters: { decision: 'admit', status: 'released' } },
    });
    expect(parse({ source: 'everyone', filters: {} })).toThrow(InputError);
    expect(parse({ source: 'in-progress', filters: { cycle: CYCLE.id, round: ROUND.id } })()).toMatchObject({
      recipients: { source: 'in-progress', filters: { cycle: CYCLE.id, round: ROUND.id } },
    });
  });

  it('cannot carry a link or a line in a first name: plain text, the name made harmless', () => {
    expect(safeFirstName('Ada http://evil.example/login')).toBe('Ada httpevilexamplelogin');
    expect(safeFirstName('Ada\nSubject: hi')).toBe('Ada Subject hi');
    expect(safeFirstName("Zoë O'Neil-Smith")).toBe("Zoë O'Neil-Smith");
    expect(safeFirstName('<>:/')).toBe('applicant');
  });
});

describe('drafts, previews and tests', () => {
  it('previews three real recipients filled in, the subject with the office’s values only, audited first', async () => {
    const w = messagesWorld([...apps(4), submitted(9, { officeStatus: 'released' })]);
    const mailing = await drafted(w);
    const preview = await previewMailing(w.ports, mailing);
    expect(preview.recipient_count).toBe(4);
    expect(preview.samples).toHaveLength(3);
    const deadline = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(`${ROUND.deadline}T00:00:00Z`));
    expect(preview.samples[0]).toMatchObject({ to: 'a1@example.com', subject: `${institution.name}: your ${ROUND.label} deadline is ${deadline}` });
    expect(preview.samples[0]!.text).toContain('Dear Ada1,');
    expect(preview.samples[0]!.text).toContain('https://apply.example.edu/completion');
    expect(preview.samples[0]!.text).toContain('it concerns your application');
    expect(w.records.map((r) => r.action)).toEqual(['mailing', 'mailing.preview']);
    expect(w.outbox).toHaveLength(0);
  });

  it('sends a test to the staff member only', async () => {
    const w = messagesWorld(apps(2));
    const mailing = await drafted(w);
    await testMailing(w.ports, mailing, 'officer@example.edu');
    expect(w.outbox.map((m) => m.to)).toEqual(['officer@example.edu']);
    expect(w.outbox[0]!.subject).toMatch(/^\[Test\] /);
    expect(w.ledger.size).toBe(0);
  });
});

describe('the pre-send checks', () => {
  it('refuses zero recipients in words and changes nothing', async () => {
    const w = messagesWorld(apps(2));
    const mailing = await drafted(w, { ...DRAFT, recipients: { source: 'submitted', filters: { status: 'released' } } });
    await expect(sendMailing(w.ports, mailing, {}, 'officer@example.edu')).rejects.toThrow(Invalid);
    await expect(sendMailing(w.ports, mailing, {}, 'officer@example.edu')).rejects.toThrow('The recipients’ filter finds no application');
    expect(w.mailings.get(mailing)!.state).toBe('draft');
    expect(w.started).toEqual([]);
  });

  it(`asks for the typed count above ${CONFIRM_ABOVE} recipients, and takes it when right`, async () => {
    const w = messagesWorld(apps(CONFIRM_ABOVE + 1));
    const mailing = await drafted(w);
    await expect(sendMailing(w.ports, mailing, {}, 'o@example.edu')).rejects.toThrow(`type ${CONFIRM_ABOVE + 1} in the confirmation`);
    await expect(sendMailing(w.ports, mailing, { confirm: 500 }, 'o@example.edu')).rejects.toThrow(/The confirmation says 500/);
    expect(w.started).toEqual([]);
    const sent = await sendMailing(w.ports, mailing, { confirm: CONFIRM_ABOVE + 1 }, 'o@example.edu');
    expect(sent.message).toBe(`The mailing is being sent to ${CONFIRM_ABOVE + 1} recipients.`);
    expect(w.started).toEqual([mailing]);
  });

  it('sends a mailing once: a second send is a 409', async () => {
    const w = messagesWorld(apps(2));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await expect(sendMailing(w.ports, mailing, {}, 'o@example.edu')).rejects.toThrow(Conflict);
  });

  it('holds the office to its daily cap of mailings (429 in words), and tells the operators', async () => {
    const w = messagesWorld(apps(1));
    w.state.dailyCap = 2;
    for (let i = 0; i < 2; i++) await sendMailing(w.ports, await drafted(w), {}, 'o@example.edu');
    const third = await drafted(w);
    await expect(sendMailing(w.ports, third, {}, 'o@example.edu')).rejects.toThrow(TooManyRequests);
    await expect(sendMailing(w.ports, third, {}, 'o@example.edu')).rejects.toThrow(/started 2 mailings today/);
    expect(w.mailings.get(third)!.state).toBe('draft');
    expect(w.alarms).toEqual(['cap', 'cap']);
  });

  it('schedules for a later time; refuses a time in the past', async () => {
    const w = messagesWorld(apps(1));
    const mailing = await drafted(w);
    const past = new Date(NOW.getTime() - 86_400_000).toISOString();
    await expect(sendMailing(w.ports, mailing, { at: past }, 'o@example.edu')).rejects.toThrow(/in the past/);
    const at = new Date(NOW.getTime() + 3_600_000).toISOString();
    const sent = await sendMailing(w.ports, mailing, { at }, 'o@example.edu');
    expect(sent.mailing).toMatchObject({ state: 'scheduled', send_at: at });
    expect(w.started).toEqual([]);
    await expect(runMailing(w.ports, mailing)).rejects.toThrow(/scheduled, not being sent/);
    w.state.now = new Date(NOW.getTime() + 3_600_001);
    expect(await runMailing(w.ports, mailing)).toMatchObject({ recipients: 1, queued: 1 });
  });
});

describe('sending once, and none lost', () => {
  it('sends each recipient once, keeps each message for the applicant, and counts the progress', async () => {
    const w = messagesWorld(apps(30));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await runMailing(w.ports, mailing);
    // The queue delivers some messages twice (SQS is at least once): the ledger sends once.
    w.queued.push(...w.queued.slice(0, 5));
    await drain(w);
    expect(w.outbox).toHaveLength(30);
    expect(new Set(w.outbox.map((m) => m.to)).size).toBe(30);
    expect((await readMailing(w.ports, mailing)).progress).toEqual({ queued: 0, sent: 30, failed: 0, suppressed: 0 });
    expect((await readMailing(w.ports, mailing)).state).toBe('sent');
    const mine = await applicantMessages(w.ports, id(7));
    expect(mine.messages).toHaveLength(1);
    expect(mine.messages[0]!.text).toContain('Dear Ada7,');
    expect((await applicationMessages(w.ports, id(7))).messages).toEqual(mine.messages);
    expect(w.records.at(-1)).toEqual({ action: 'messages', application: id(7) });
  });

  it('resumes a starter killed half-way: rows already put are skipped, every recipient queued, none twice', async () => {
    const w = messagesWorld(apps(12));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    // Killed after putting five rows, before queueing any.
    const ledger = w.ports.ledger;
    const put = (row: LedgerRow) => ledger.queueRecipient(row);
    let n = 0;
    w.ports.ledger = { ...ledger, queueRecipient: (row) => (++n > 5 ? Promise.reject(new Error('killed')) : put(row)) };
    await expect(runMailing(w.ports, mailing)).rejects.toThrow('killed');
    expect(w.queued).toHaveLength(0);
    w.ports.ledger = ledger;
    await runMailing(w.ports, mailing);
    await drain(w);
    expect(w.outbox.map((m) => m.to).sort()).toEqual(
      apps(12)
        .map((a) => a.email)
        .sort(),
    );
  });

  it('a sender killed mid-send resumes where it stopped: no duplicate, no gap; the two it was sending end as what is known', async () => {
    const w = messagesWorld(apps(10));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await runMailing(w.ports, mailing);
    // Four delivered; the fifth killed after its mail left and its copy was kept, the sixth after its claim, before its mail.
    for (const job of w.queued.splice(0, 4)) await deliverOne(w.ports, job.mailing, job.application);
    const [fifth, sixth] = w.queued.splice(0, 2);
    w.state.crashAfter = 'stored';
    await expect(deliverOne(w.ports, fifth!.mailing, fifth!.application)).rejects.toThrow('killed after stored');
    w.state.crashAfter = 'claimed';
    await expect(deliverOne(w.ports, sixth!.mailing, sixth!.application)).rejects.toThrow('killed after claimed');
    // The process is gone, and the queue's copies of the rest with it.
    w.queued.length = 0;
    expect(w.outbox).toHaveLength(5);
    // The tick before the lease is over leaves everything alone (the rows may still be on the queue); after it, it ends the two and queues the rest.
    expect(await runMailing(w.ports, mailing, { resume: true })).toMatchObject({ queued: 0 });
    w.state.now = new Date(NOW.getTime() + SENDING_LEASE_MS + 1);
    expect(await runMailing(w.ports, mailing, { resume: true })).toMatchObject({ queued: 4 });
    await drain(w);
    expect(w.outbox).toHaveLength(9);
    expect(new Set(w.outbox.map((m) => m.to)).size).toBe(9);
    expect(w.outbox.map((m) => m.to)).not.toContain('a6@example.com');
    const detail = await readMailing(w.ports, mailing);
    expect(detail.progress).toEqual({ queued: 0, sent: 9, failed: 1, suppressed: 0 });
    expect(detail.failures).toEqual([{ application: sixth!.application, email: 'a6@example.com', reason: INTERRUPTED }]);
  });

  it('is marked sent, with the time its last delivery ended, once no row is queued or being sent (by the sender or the tick)', async () => {
    const w = messagesWorld(apps(4));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await runMailing(w.ports, mailing);
    const [first, ...rest] = w.queued.splice(0);
    await deliverOne(w.ports, first!.mailing, first!.application);
    // Three still queued: neither the sender's check nor the tick marks it.
    expect(await finishMailing(w.ports, mailing)).toBe(false);
    await runMailing(w.ports, mailing, { resume: true });
    expect(w.mailings.get(mailing)).toMatchObject({ state: 'sending' });
    expect(w.mailings.get(mailing)?.finished_at).toBeUndefined();
    w.state.now = new Date(NOW.getTime() + 60_000);
    for (const job of rest) await deliverOne(w.ports, job.mailing, job.application);
    // The tick finds nothing left: sent, at the last delivery's end.
    await runMailing(w.ports, mailing, { resume: true });
    expect(w.mailings.get(mailing)).toMatchObject({ state: 'sent', finished_at: new Date(NOW.getTime() + 60_000).toISOString() });
    expect(await readMailing(w.ports, mailing)).toMatchObject({ state: 'sent', finished_at: new Date(NOW.getTime() + 60_000).toISOString() });
    // Sent, it is no longer run by the tick, and a second finisher changes nothing.
    await expect(runMailing(w.ports, mailing, { resume: true })).rejects.toThrow(/sent, not being sent/);
    expect(await finishMailing(w.ports, mailing)).toBe(true);
  });

  it('is marked sent by the sender whose queue emptied, a row left sending by a killed sender keeping it open until the tick ends it', async () => {
    const w = messagesWorld(apps(2));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await runMailing(w.ports, mailing);
    const [a, b] = w.queued.splice(0);
    await deliverOne(w.ports, a!.mailing, a!.application);
    w.state.crashAfter = 'claimed';
    await expect(deliverOne(w.ports, b!.mailing, b!.application)).rejects.toThrow('killed after claimed');
    expect(await finishMailing(w.ports, mailing)).toBe(false);
    w.state.now = new Date(NOW.getTime() + SENDING_LEASE_MS + 1);
    await runMailing(w.ports, mailing, { resume: true });
    expect(w.mailings.get(mailing)).toMatchObject({ state: 'sent', finished_at: w.state.now.toISOString() });
  });

  it('retries a provider’s refusal, then fails the recipient with the reason after the last attempt', async () => {
    const w = messagesWorld(apps(1));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await runMailing(w.ports, mailing);
    w.state.refuse = MAX_ATTEMPTS;
    const job = w.queued.shift()!;
    for (let i = 1; i < MAX_ATTEMPTS; i++) await expect(deliverOne(w.ports, job.mailing, job.application)).rejects.toThrow(/Throttling/);
    expect(await deliverOne(w.ports, job.mailing, job.application)).toBe('failed');
    const detail = await readMailing(w.ports, mailing);
    expect(detail.progress.failed).toBe(1);
    expect(detail.failures[0]!.reason).toMatch(/^The mail service refused it: Throttling/);
    expect(w.outbox).toHaveLength(0);
  });

  it('skips a recipient erased after it was queued', async () => {
    const w = messagesWorld(apps(1));
    const mailing = await drafted(w);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await runMailing(w.ports, mailing);
    w.ledger.clear();
    await drain(w);
    expect(w.outbox).toHaveLength(0);
  });
});

describe('who may write, send and read', () => {
  it('lets deciders and admins write, test and send; every role read an application’s messages; a reader nothing else', () => {
    for (const name of ['createMailing', 'listMailings', 'readMailing', 'previewMailing', 'testMailing', 'sendMailing'] as const) {
      expect(allows('reader', name)).toBe(false);
      expect(allows('decider', name)).toBe(true);
      expect(allows('admin', name)).toBe(true);
    }
    expect(allows('reader', 'readApplicationMessages')).toBe(true);
  });
});

describe('a mailing to applications in progress', () => {
  it('frames the office’s words in the language saved on each account: the deadline, the pages to complete, the unsubscribe line', async () => {
    const w = messagesWorld([], { drafts: [draft(1), draft(2)], languages: { [draft(1).id]: 'es' } });
    const marketing: MailingDraft = { ...DRAFT, kind: 'marketing', recipients: { source: 'in-progress', filters: { cycle: CYCLE.id } } };
    const mailing = await drafted(w, marketing);
    // The compose screen's preview reads no account: the institution's language.
    const preview = await previewMailing(w.ports, mailing);
    expect(preview.samples.map((m) => m.text).join('\n')).not.toMatch(/Sobre usted/);
    await sendMailing(w.ports, mailing, {}, 'o@example.edu');
    await runMailing(w.ports, mailing);
    expect(await drain(w)).toEqual([]);
    const to = (email: string) => w.outbox.find((m) => m.to === email)!.text;
    // The office's words as written; the pages still to complete and the unsubscribe line in Spanish.
    expect(to('d1@example.com')).toMatch(/^Dear Bea1,\n\nYour application still needs: Sobre usted, Sus estudios, .*Pasos finales\./);
    expect(to('d1@example.com')).toContain(`Recibe este mensaje porque se postuló a ${institution.name} o comenzó una solicitud.`);
    // Its unsubscribe link opens the page in Spanish (middleware/unsubscribe-page.ts).
    expect(to('d1@example.com')).toMatch(/cancele la suscripción: https:\/\/apply\.example\.edu\/unsubscribe\?t=[\w-]{43}&lang=es$/);
    expect(w.outbox.find((m) => m.to === 'd1@example.com')!.headers?.['List-Unsubscribe']).toMatch(/&lang=es>$/);
    expect(w.ledger.get(`${mailing}/${draft(1).id}`)?.language).toBe('es');
    // No language saved: the institution's.
    expect(to('d2@example.com')).toMatch(/^Dear Bea2,\n\nYour application still needs: About You, /);
    expect(to('d2@example.com')).toContain(`You receive this message because you applied to ${institution.name} or started an application.`);
  });
});
