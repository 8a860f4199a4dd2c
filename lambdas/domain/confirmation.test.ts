import { describe, expect, it } from 'vitest';
import { handler } from '#events/send-confirmation';
import { institution, officeTexts } from '#form/institution';
import { confirmationMail, sendConfirmationMail, type ConfirmationPorts } from './confirmation';
import type { OutgoingMail } from './ports/mail';

describe('the confirmation e-mail', () => {
  const mail = confirmationMail({
    to: 'ada@example.edu',
    reference: 'K7M2Q9XH',
    submittedAt: '2026-05-01T20:04:00.000Z',
    firstName: 'Ada',
    publicOrigin: 'https://apply.example.edu',
  });

  it('names the institution and "application received" in the subject, with the reference', () => {
    expect(mail.subject).toBe(`${institution.name}: application received (K7M2Q9XH)`);
    expect(mail.to).toBe('ada@example.edu');
  });

  it('gives the reference, the time on the institution clock, what happens next, the help address and the status page', () => {
    expect(mail.text).toContain('Application reference: K7M2Q9XH');
    // 20:04 UTC is 3:04 PM in Chicago (CDT) in May.
    expect(mail.text).toContain('Submitted: May 1, 2026 at 3:04 PM CDT');
    expect(mail.text).toContain(officeTexts.nextSteps());
    expect(mail.text).toContain(institution.helpEmail);
    expect(mail.link).toBe('https://apply.example.edu/completion');
    expect(mail.text).toContain('https://apply.example.edu/completion');
  });

  it('says once that the status page shows the materials', () => {
    // The institution's next steps say it; the link's line does not say it again.
    expect(mail.text.match(/materials have arrived/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('greets an applicant without a first name plainly', () => {
    expect(
      confirmationMail({ to: 'x@example.edu', reference: 'R', submittedAt: '2026-05-01T20:04:00.000Z', publicOrigin: 'http://localhost:3000' }).text,
    ).toMatch(/^Dear applicant,/);
  });

  it('ignores an event without a valid sub instead of reading anything', async () => {
    expect(await handler({ sub: '../../test/other' })).toBe('ignored');
    expect(await handler(undefined as unknown as { sub: string })).toBe('ignored');
  });
});

describe('sendConfirmationMail (the confirmation job)', () => {
  /** In-memory ports: one submitted applicant, a claim that lets one sender through, a mailer that records. */
  function world(options: { canSend?: boolean; failSend?: boolean; submitted?: boolean; closed?: 'before-send' | 'during-send' } = {}) {
    let closed = options.closed === 'before-send';
    const deleted: string[] = [];
    const sent: OutgoingMail[] = [];
    const claims = { held: undefined as string | undefined, sent: false, released: 0 };
    const ports: ConfirmationPorts = {
      readApplicantRecord: async () => ({
        answers: { first_name: 'Ada' },
        documents: [],
        supplements: [],
        ...((options.submitted ?? true) ? { submittedAt: '2026-05-01T20:04:00.000Z', reference: 'K7M2Q9XH' } : {}),
      }),
      readStatus: async () => ({ web_status: ['submitted'], successful_login: [], username: 'ada@example.edu' }),
      claimMail: async (_sub, _kind, claimId) => {
        if (claims.sent || claims.held) return false;
        claims.held = claimId;
        return true;
      },
      markMailSent: async () => {
        claims.sent = true;
        claims.held = undefined;
      },
      releaseMail: async () => {
        claims.held = undefined;
        claims.released += 1;
      },
      sendMail: async (mail) => {
        if (options.failSend) throw new Error('SES throttled');
        if (options.closed === 'during-send') closed = true;
        sent.push(mail);
        return 'message-1';
      },
      canSendMail: () => options.canSend ?? true,
      mailItem: (sub, kind) => ({ table: 'status', key: { pk: sub, sk: `mail#${kind}` } }),
      lateWrites: {
        sessionClosed: async () => closed,
        readMarker: async () => undefined,
        deleteItem: async (_table, key) => {
          deleted.push(key.sk);
          claims.held = undefined;
        },
        deleteObject: async () => undefined,
      },
      publicOrigin: () => 'https://apply.example.edu',
    };
    return { ports, sent, claims, deleted };
  }

  it('sends one e-mail per submission, however often the job runs', async () => {
    const w = world();
    expect(await sendConfirmationMail(w.ports, 'sub-1')).toBe('sent');
    expect(await sendConfirmationMail(w.ports, 'sub-1')).toBe('already-sent');
    expect(w.sent.map((m) => m.to)).toEqual(['ada@example.edu']);
  });

  it('gives the claim back and throws when the send fails, so the retry may send', async () => {
    const w = world({ failSend: true });
    await expect(sendConfirmationMail(w.ports, 'sub-1')).rejects.toThrow('SES throttled');
    expect(w.claims).toMatchObject({ held: undefined, sent: false, released: 1 });
  });

  it('sends nothing, claims nothing and does not throw in a deployment without a sender', async () => {
    const w = world({ canSend: false });
    expect(await sendConfirmationMail(w.ports, 'sub-1')).toBe('no-sender');
    expect(w.sent).toEqual([]);
    expect(w.claims).toMatchObject({ held: undefined, sent: false, released: 0 });
  });

  it('sends nothing for an application not submitted', async () => {
    const w = world({ submitted: false });
    expect(await sendConfirmationMail(w.ports, 'sub-1')).toBe('not-submitted');
    expect(w.sent).toEqual([]);
  });

  it('sends nothing to an account being erased, and takes its claim back', async () => {
    const w = world({ closed: 'before-send' });
    expect(await sendConfirmationMail(w.ports, 'sub-1')).toBe('account-closed');
    expect(w.sent).toEqual([]);
    expect(w.deleted).toEqual(['mail#confirmation']);
  });

  it('takes the claim back when the account is closed while the mail goes', async () => {
    const w = world({ closed: 'during-send' });
    expect(await sendConfirmationMail(w.ports, 'sub-1')).toBe('account-closed');
    expect(w.sent).toHaveLength(1);
    expect(w.deleted).toEqual(['mail#confirmation']);
  });
});
