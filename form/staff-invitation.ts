/**
 * The invitation a new member of staff receives with their temporary password: the local stack's
 * identity provider sends it, and Cognito's staff pool is given the same words as its invitation
 * template (with Cognito's `{username}` and `{####}` markers in place of the address and password).
 * The password stands apart from all punctuation: on a line of its own in the text, in a code
 * block in the HTML, so a trailing `!` is plainly part of it.
 */
import { institution } from './institution';

export const STAFF_INVITATION_DAYS = 7;

export interface StaffInvitation {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * `escape: false` leaves the values as they are (Cognito's markers, which Cognito fills in).
 * `signIn` is the console's address (a full URL, or the path where the site's address is not known).
 */
export function staffInvitation(o: { username: string; password: string; signIn: string }, escape = true): StaffInvitation {
  const h = escape ? escapeHtml : (s: string) => s;
  const intro = `An admissions staff account was created for ${o.username} at ${institution.name}.`;
  const how = `Sign in at ${o.signIn} within ${STAFF_INVITATION_DAYS} days with this temporary password (everything on the line below, including any punctuation at its end):`;
  const after = 'You will then choose a password of your own and set up an authenticator app.';
  const text = [intro, '', how, '', `    ${o.password}`, '', after].join('\n');
  const link = /^https?:\/\//.test(o.signIn) ? `<a href="${h(o.signIn)}">${h(o.signIn)}</a>` : h(o.signIn);
  const html = [
    `<p>An admissions staff account was created for <strong>${h(o.username)}</strong> at ${h(institution.name)}.</p>`,
    `<p>Sign in at ${link} within ${STAFF_INVITATION_DAYS} days with this temporary password (everything in the box below, including any punctuation at its end):</p>`,
    `<pre style="font-size:1.25em;padding:.5em 1em;border:1px solid #767676;display:inline-block"><code>${h(o.password)}</code></pre>`,
    `<p>${h(after)}</p>`,
  ].join('\n');
  return { subject: `Your ${institution.name} admissions staff account`, text, html };
}

/** Cognito's invitation template: the HTML with its markers (Cognito sends the invitation as HTML). */
export const cognitoStaffInvitation = (signIn: string): StaffInvitation => staffInvitation({ username: '{username}', password: '{####}', signIn }, false);
