import { describe, expect, it } from 'vitest';
import { cognitoStaffInvitation, staffInvitation } from './staff-invitation';

const PASSWORD = 'xY9-k2_Lm4Qr7TzwAa1!';

describe('the staff invitation', () => {
  const mail = staffInvitation({ username: 'officer@example.edu', password: PASSWORD, signIn: 'http://localhost:3000/staff' });

  it('puts the temporary password on a line of its own in the text, with no punctuation after it', () => {
    const lines = mail.text.split('\n');
    const line = lines.find((l) => l.includes(PASSWORD));
    expect(line?.trim()).toBe(PASSWORD);
    // Blank lines around it: nothing of the sentence before or after touches it.
    const at = lines.indexOf(line!);
    expect(lines[at - 1]).toBe('');
    expect(lines[at + 1]).toBe('');
    expect(mail.text).not.toContain(`${PASSWORD}.`);
    expect(mail.text).toContain('Sign in at http://localhost:3000/staff within 7 days');
  });

  it('puts the temporary password alone in a code block in the HTML, escaped', () => {
    expect(mail.html).toMatch(new RegExp(`<pre[^>]*><code>${PASSWORD}</code></pre>`));
    const tricky = staffInvitation({ username: 'a@example.edu', password: 'Ab1<&>"x!', signIn: '/staff' });
    expect(tricky.html).toContain('<code>Ab1&lt;&amp;&gt;&quot;x!</code>');
    expect(tricky.text.split('\n')).toContain('    Ab1<&>"x!');
  });

  it('gives Cognito the same words with its markers, the password marker alone in its code block', () => {
    const cognito = cognitoStaffInvitation('/staff');
    expect(cognito.html).toContain('<code>{####}</code>');
    expect(cognito.html).toContain('<strong>{username}</strong>');
    expect(cognito.subject).toBe(mail.subject);
  });
});
