import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { confirmationMail } from './confirmation';
import { handler } from '#events/send-confirmation';

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
    expect(mail.text).toContain(institution.afterSubmission.nextSteps);
    expect(mail.text).toContain(institution.helpEmail);
    expect(mail.link).toBe('https://apply.example.edu/completion');
    expect(mail.text).toContain('https://apply.example.edu/completion');
  });

  it('says once that the status page shows the materials', () => {
    // The institution's next steps say it; the link's line does not say it again.
    expect(mail.text.match(/materials have arrived/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('greets an applicant without a first name plainly', () => {
    expect(confirmationMail({ to: 'x@example.edu', reference: 'R', submittedAt: '2026-05-01T20:04:00.000Z', publicOrigin: 'http://localhost:3000' }).text).toMatch(/^Dear applicant,/);
  });

  it('ignores an event without a valid sub instead of reading anything', async () => {
    expect(await handler({ sub: '../../test/other' })).toBe('ignored');
    expect(await handler(undefined as unknown as { sub: string })).toBe('ignored');
  });
});
