import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { TEMPORARY_LINK_ID } from '#form/wire/staff';
import { memoryAudit } from '../memory-audit.test-support';
import type { OutgoingMail } from '../ports/mail';
import type { TemporaryLinkRecord } from '../ports/temporary-links';
import type { TokenGrant } from '../ports/tokens';
import { issueLinkByOffice, issueTemporaryLink, MAIL_NOT_SENT } from './issue-link';
import { temporaryLinkMail } from './temporary-links';

const now = new Date('2026-11-25T18:00:00.000Z');

function ports(send?: (mail: OutgoingMail) => Promise<string>) {
  const grants: TokenGrant[] = [];
  const records: TemporaryLinkRecord[] = [];
  const sent: OutgoingMail[] = [];
  return {
    grants,
    records,
    sent,
    ports: {
      issueToken: (grant: TokenGrant) => {
        grants.push(grant);
        return Promise.resolve('T'.repeat(43));
      },
      recordLink: (record: TemporaryLinkRecord) => {
        records.push(record);
        return Promise.resolve();
      },
      sendMail: send ?? ((mail: OutgoingMail) => (sent.push(mail), Promise.resolve('id-1'))),
    },
  };
}

describe('issuing a temporary link', () => {
  it('records the link (never its address) with its token tied to it, and mails it to the recipient', async () => {
    const p = ports();
    const issued = await issueTemporaryLink(
      p.ports,
      'https://apply.example.edu',
      { answer: { first_name: 'Ada' }, expiresInDays: 14, recipient: { name: 'Ada L', email: 'ada@example.com' } },
      'officer@example.edu',
      now,
    );
    expect(issued.id).toMatch(TEMPORARY_LINK_ID);
    expect(issued).toMatchObject({
      url: `https://apply.example.edu/about?token=${'T'.repeat(43)}`,
      expires_at: '2026-12-09T18:00:00.000Z',
      sent_to: 'ada@example.com',
    });
    expect(p.grants[0]).toMatchObject({ kind: 'tmp', link: issued.id, answers: { first_name: 'Ada' } });
    expect(p.records[0]).toEqual({
      id: issued.id,
      issuedAt: now.toISOString(),
      issuedBy: 'officer@example.edu',
      expiresAt: issued.expires_at,
      keys: ['first_name'],
      recipientName: 'Ada L',
      recipientEmail: 'ada@example.com',
    });
    expect(JSON.stringify(p.records)).not.toContain('TTTT');
    expect(p.sent[0]!.to).toBe('ada@example.com');
  });

  it('keeps the link when the mail fails, and says to send it by hand', async () => {
    const p = ports(() => Promise.reject(new Error('SES down')));
    const issued = await issueTemporaryLink(
      p.ports,
      'https://apply.example.edu',
      { answer: { first_name: 'Ada' }, expiresInDays: 1, recipient: { email: 'ada@example.com' } },
      'o@example.edu',
      now,
    );
    expect(issued.sent_to).toBeUndefined();
    expect(issued.message).toBe(MAIL_NOT_SENT);
    expect(p.records).toHaveLength(1);
  });

  it('sends nothing without a recipient e-mail', async () => {
    const p = ports();
    await issueTemporaryLink(
      p.ports,
      'https://apply.example.edu',
      { answer: { first_name: 'Ada' }, expiresInDays: 1, recipient: { name: 'Ada' } },
      'o@example.edu',
      now,
    );
    expect(p.sent).toEqual([]);
  });

  it('ids sort by issue time', async () => {
    const p = ports();
    const a = await issueTemporaryLink(p.ports, 'o', { answer: { first_name: 'A' }, expiresInDays: 1 }, 'o', now);
    const b = await issueTemporaryLink(p.ports, 'o', { answer: { first_name: 'B' }, expiresInDays: 1 }, 'o', new Date(now.getTime() + 1));
    expect(a.id < b.id).toBe(true);
  });
});

describe('the temporary-link e-mail', () => {
  it('says who prepared it, puts the link on a line of its own and gives the expiry on the institution clock', () => {
    const url = 'https://apply.example.edu/about?token=abc';
    const mail = temporaryLinkMail({ to: 'ada@example.com', name: 'Ada', url, expiresAt: '2026-12-09T18:00:00.000Z' });
    const lines = mail.text.split('\n');
    expect(lines[lines.indexOf(url) - 1]).toBe('');
    expect(lines[lines.indexOf(url) + 1]).toBe('');
    expect(mail.text).toContain(`${institution.name} has started your application. Check the answers and create an account to continue.`);
    expect(mail.text).toContain('The link works until December 9, 2026 at 12:00 PM CST.');
    expect(mail.subject).toBe(`${institution.name} has started your application`);
    expect(temporaryLinkMail({ to: 'x@example.com', url, expiresAt: '2026-12-09T18:00:00.000Z' }).text).toMatch(/^Dear future student,/);
  });
});

describe('issuing a temporary link from the console', () => {
  it('records what was prepared and for how long before the token is issued', async () => {
    const p = ports();
    const journal: string[] = [];
    const { audit, records } = memoryAudit(journal);
    const issueToken = (grant: TokenGrant) => (journal.push('token'), p.ports.issueToken(grant));
    await issueLinkByOffice(
      { ...p.ports, issueToken, audit },
      'https://apply.example.edu',
      { answer: { first_name: 'Ada' }, expiresInDays: 14 },
      'officer@example.edu',
    );
    expect(journal).toEqual(['audit:temporary-link', 'token']);
    expect(records[0]).toMatchObject({ action: 'temporary-link', detail: { expires_in_days: '14', keys: 'first_name' } });
  });
});
