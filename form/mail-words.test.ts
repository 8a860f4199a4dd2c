import { describe, expect, it } from 'vitest';
import { composeHtmlMail, composeMail, DEFAULT_EMAIL_WORDS, MAIL_KINDS, MAILS, sampleMailValues, type MailKind, type MailWords } from './mail-words';
import { checkSection, findingInWords } from './office-words';

/** The e-mails with one of them changed, as the console sends them. */
const edited = (kind: MailKind, words: Partial<MailWords>) => ({ ...DEFAULT_EMAIL_WORDS, [kind]: { ...DEFAULT_EMAIL_WORDS[kind], ...words } });

/** The refusal's words, as the 400 says them. */
function refusal(raw: unknown): string[] {
  const checked = checkSection('emails', raw);
  if (checked.ok) throw new Error('accepted');
  return checked.findings.map((f) => findingInWords('emails', f));
}

describe('the e-mails in Settings', () => {
  it('accepts the product’s own wording of every e-mail, and a template naming only its e-mail’s placeholders', () => {
    expect(checkSection('emails', DEFAULT_EMAIL_WORDS)).toEqual({ ok: true, value: DEFAULT_EMAIL_WORDS });
    const words = edited('release', { subject: '  News from {institution}  ', body: 'Hello {first_name},\r\n\r\nRead it here: {link}\n' });
    expect(checkSection('emails', words)).toEqual({
      ok: true,
      value: { ...DEFAULT_EMAIL_WORDS, release: { subject: 'News from {institution}', body: 'Hello {first_name},\n\nRead it here: {link}' } },
    });
  });

  it('refuses a placeholder that e-mail does not know, naming the e-mail and the field, with the closest one', () => {
    expect(refusal(edited('confirmation', { body: 'Dear {frist_name}, your reference is {reference}.' }))).toEqual([
      'Submission received e-mail, body: {frist_name} is not a placeholder this e-mail knows. Write {first_name}, or one of {first_name}, {institution}, {application_title}, {reference}, {submitted_at}, {next_steps}, {link}, {help_email}.',
    ]);
    // {deletion_date} is another e-mail's: the release cannot fill it.
    expect(refusal(edited('release', { body: 'Before {deletion_date}: {link}' }))[0]).toMatch(
      /^Decision released e-mail, body: \{deletion_date\} is not a placeholder this e-mail knows\./,
    );
  });

  it('refuse an applicant-typed name in a subject (#42): what a recipient sees before opening is the office’s', () => {
    expect(refusal(edited('recommendationInvitation', { subject: '{applicant_name} asks you for a letter' }))).toEqual([
      'Recommendation invitation e-mail, subject: {applicant_name} cannot go in the subject: what a recipient sees before opening the e-mail is the office’s words alone. Write it in the body; the subject may use {institution}.',
    ]);
  });

  it('refuse an empty subject or body, a subject on two lines or too long, and a brace without its pair', () => {
    expect(refusal(edited('reply', { subject: '   ' }))).toEqual(['Reply received e-mail, subject: The subject is empty. Write the subject.']);
    expect(refusal(edited('reply', { body: '' }))).toEqual(['Reply received e-mail, body: The body is empty. Write the body.']);
    expect(refusal(edited('reply', { subject: 'Your reply\nBcc: someone@example.com' }))).toEqual([
      'Reply received e-mail, subject: The subject has a line break. Write the subject on one line.',
    ]);
    expect(refusal(edited('reply', { subject: 'x'.repeat(151) }))).toEqual([
      'Reply received e-mail, subject: The subject is longer than 150 characters. Write it shorter.',
    ]);
    expect(refusal(edited('reply', { body: 'Dear {first_name, thank you.' }))).toEqual([
      'Reply received e-mail, body: has a brace without its pair. Close each placeholder: {first_name}.',
    ]);
  });

  it('refuse a body without the link the e-mail exists to carry', () => {
    for (const kind of ['release', 'recommendationInvitation', 'recommendationReminder', 'retentionWarning', 'temporaryLink'] as const)
      expect(refusal(edited(kind, { body: 'Please get in touch.' })).join(' ')).toContain(
        `${MAILS[kind].label} e-mail, body: has no {link}: the e-mail is of no use without the link the e-mail asks the reader to open. Put {link} back where the reader needs it.`,
      );
    expect(checkSection('emails', edited('confirmation', { body: 'Dear {first_name}, we have it.' })).ok).toBe(true);
  });

  it('refuse a missing e-mail, one the product does not send, and a value that is not the e-mails', () => {
    const { release: _gone, ...without } = DEFAULT_EMAIL_WORDS;
    expect(refusal(without)).toEqual(['Decision released e-mail: is missing. Give the e-mail a subject and a body.']);
    expect(refusal({ ...DEFAULT_EMAIL_WORDS, newsletter: { subject: 'x', body: 'y' } })).toEqual([
      `newsletter is not an e-mail the product sends. Write the e-mails ${MAIL_KINDS.join(', ')}.`,
    ]);
    expect(refusal('hello')).toEqual([`The e-mails are missing. Send the ${MAIL_KINDS.length} e-mails.`]);
  });
});

describe('an e-mail composed', () => {
  const values = {
    institution: 'North Bay College',
    help_email: 'help@example.edu',
    link: 'https://apply.example.edu/recommend?token=t',
    recommender_name: 'Grace Hopper',
  };

  it('fills the body, then the signature, and the help address after it where the e-mail asks', () => {
    const mail = composeMail(
      'recommendationInvitation',
      { subject: '{institution}: a letter', body: 'Dear {recommender_name},\n\n{link}' },
      values,
      'Admissions\nNorth Bay  ',
    );
    expect(mail).toEqual({
      subject: 'North Bay College: a letter',
      text: 'Dear Grace Hopper,\n\nhttps://apply.example.edu/recommend?token=t\n\nAdmissions\nNorth Bay\nhelp@example.edu',
    });
  });

  it('fills each placeholder once: a value that looks like a placeholder or a link stays the text it is', () => {
    const mail = composeMail(
      'recommendationSubmitted',
      { subject: '{institution}: news', body: '{recommender_name} wrote. {link}' },
      { ...values, recommender_name: '{link} http://evil.example' },
      'Admissions',
    );
    expect(mail.text.split('\n')[0]).toBe('{link} http://evil.example wrote. https://apply.example.edu/recommend?token=t');
  });

  it('keeps a subject on one line whatever a value holds, and fills a subject only with its own placeholders', () => {
    const mail = composeMail(
      'confirmation',
      { subject: '{institution}: received ({reference})', body: '{link}' },
      { ...values, reference: 'R1\r\nBcc: x@y.z' },
      'A',
    );
    expect(mail.subject).toBe('North Bay College: received (R1 Bcc: x@y.z)');
    // A stored template from before a rule changed: the subject is never filled with what its e-mail withholds there.
    const withheld = composeMail('recommendationInvitation', { subject: '{recommender_name}', body: '{link}' }, values, 'A');
    expect(withheld.subject).toBe('{recommender_name}');
  });

  it('previews with the institution’s own words and the site’s address, nothing of another institution', () => {
    const sample = sampleMailValues(
      { name: 'North Bay College', applicationTitle: 'Transfer Application', helpEmail: 'help@northbay.example' },
      'https://apply.northbay.example',
      'We read it.',
      new Date('2026-01-01T12:00:00Z'),
    );
    const mail = composeMail('confirmation', DEFAULT_EMAIL_WORDS.confirmation, sample, 'North Bay Admissions');
    expect(mail.subject).toBe(`North Bay College: application received (${sample.reference})`);
    expect(mail.text).toContain('North Bay College has received your Transfer Application.');
    expect(mail.text).toContain('What happens next\nWe read it.\n');
    expect(mail.text).toContain('https://apply.northbay.example/completion');
    expect(mail.text).not.toMatch(/\{[a-z_]+\}/);
  });
});

describe('the password reset e-mail', () => {
  const values = {
    institution: 'North Bay College',
    application_title: 'Transfer Application',
    help_email: 'help@example.edu',
    link: 'https://apply.example.edu/reset?username=a%40b.c&id={####}',
    code: '{####}',
  };

  it('refuses a body without {link} or {code}: Cognito sends no reset message without its code', () => {
    expect(refusal(edited('passwordReset', { body: 'Open {link} to choose a new password.' }))).toEqual([
      'Password reset e-mail, body: has no {code}: the e-mail is of no use without the reset code, for a reader who types it rather than opens the link. Put {code} back where the reader needs it.',
    ]);
    expect(refusal(edited('passwordReset', { body: 'Your code: {code}' }))).toEqual([
      'Password reset e-mail, body: has no {link}: the e-mail is of no use without the link the e-mail asks the reader to open. Put {link} back where the reader needs it.',
    ]);
    expect(refusal(edited('passwordReset', { subject: 'Your code is {code}' }))[0]).toMatch(
      /^Password reset e-mail, subject: \{code\} cannot go in the subject/,
    );
    expect(checkSection('emails', edited('passwordReset', { subject: '{institution}: a new password', body: '{code}\n\n[Here]({link})' })).ok).toBe(true);
  });

  it('is HTML: a paragraph per blank line, the template’s words and every value escaped, [words]({link}) an anchor, {code} in bold', () => {
    const words = {
      subject: '{institution} <password>',
      body: 'Hello <b>you</b> at {institution}\nof {application_title}.\n\n[Reset it]({link}), or {link}\n\nCode: {code}',
    };
    expect(composeHtmlMail('passwordReset', words, { ...values, institution: 'A & B "College"' })).toEqual({
      subject: 'A & B "College" <password>',
      html: [
        '<p>Hello &lt;b&gt;you&lt;/b&gt; at A &amp; B &quot;College&quot;<br>\nof Transfer Application.</p>',
        '<p><a href="https://apply.example.edu/reset?username=a%40b.c&amp;id={####}">Reset it</a>, or <a href="https://apply.example.edu/reset?username=a%40b.c&amp;id={####}">https://apply.example.edu/reset?username=a%40b.c&amp;id={####}</a></p>',
        '<p>Code: <strong>{####}</strong></p>',
      ].join('\n'),
    });
  });

  it('previews as its text, without the signature the e-mail does not carry', () => {
    expect(composeMail('passwordReset', DEFAULT_EMAIL_WORDS.passwordReset, values, 'North Bay Admissions')).toEqual({
      subject: 'Reset your password',
      text: [
        'We received a request to reset the password of your application account.',
        `Choose a new password: ${values.link}`,
        'Or enter this code on the Reset Password page: {####}',
        'If you did not ask for this, you can ignore this e-mail; your password has not changed.',
      ].join('\n\n'),
    });
  });
});
