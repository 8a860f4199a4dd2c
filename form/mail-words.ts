/**
 * The e-mails the product sends, as the office edits them in Settings (issue 36, item 5): for each,
 * its subject and body templates, the placeholders its sender fills in, which of them may go in
 * the subject, and which the body cannot do without. The default templates are the product's own
 * wording: an e-mail never edited reads exactly as before Settings could change it. The sender's
 * name and the signature stay the configuration file's (`mail`), added after the body.
 *
 * Pure and free of the installed institution, like office-words.ts, which checks an edit with
 * these: the console fills a preview with the same function the senders use.
 */
import { COMPLETION_PATH } from './contract';

/**
 * Every e-mail the product writes: its own, and the password reset, which our Cognito trigger
 * writes (lambdas/events/cognito-custom-message.ts). The sign-up code and the staff invitation
 * stay Cognito's templates, set at deploy from the configuration (lib/auth.ts, lib/staff.ts).
 */
export const MAIL_KINDS = [
  'confirmation',
  'release',
  'reply',
  'offerExpired',
  'recommendationInvitation',
  'recommendationReminder',
  'recommendationSubmitted',
  'recommendationDeclined',
  'recommendationExpired',
  'retentionWarning',
  'reminderDeadline',
  'reminderMaterials',
  'reminderReply',
  'temporaryLink',
  'passwordReset',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailWords {
  subject: string;
  body: string;
}

export type EmailWords = Readonly<Record<MailKind, MailWords>>;

/** What each placeholder stands for, as the Settings screen explains it. */
export const MAIL_PLACEHOLDERS = {
  institution: 'the institution’s name',
  application_title: 'what the application is called',
  help_email: 'the office’s help address',
  first_name: 'the applicant’s first name (“applicant” when there is none)',
  reference: 'the application’s reference',
  submitted_at: 'when it was submitted',
  next_steps: 'what happens next (Settings)',
  link: 'the link the e-mail asks the reader to open',
  your_reply: 'the applicant’s reply, as a sentence',
  reply_date: 'the day of the reply',
  after_reply: 'what happens after that reply',
  recommender_name: 'the recommender’s name',
  applicant_name: 'the applicant’s name',
  applicant_and_school: 'the applicant’s name, with their school in brackets when given',
  recommendation_kind: 'a teacher’s or a school counselor’s recommendation',
  waiver: 'whether the applicant may read the letter',
  link_expires: 'the last day the link works',
  deletion_date: 'the day the account will be deleted',
  retention_days: 'the days after the last sign-in an unsubmitted application is kept',
  name: 'the recipient’s name (“future student” when none was given)',
  code: 'the reset code, for a reader who types it rather than opens the link',
  round: 'the application’s round (“Early Action”)',
  deadline: 'the deadline of the application’s round',
  missing_items: 'what the application still lacks: the pages not yet complete, or the materials not yet received',
  status_link: 'the link to the applicant’s status page',
  reply_by: 'the last day to reply to the offer',
} as const;
export type MailPlaceholder = keyof typeof MAIL_PLACEHOLDERS;

export interface MailSpec {
  /** "Submission received": the e-mail's name on the Settings screen and in a refusal. */
  label: string;
  /** Who receives it and when. */
  sentWhen: string;
  placeholders: readonly MailPlaceholder[];
  /**
   * The few that may go in the subject: what a recipient sees before opening comes from the
   * office (and no value typed by someone else may reach another person's inbox there, #42).
   */
  subjectPlaceholders: readonly MailPlaceholder[];
  /** Placeholders the body cannot leave out: without them the e-mail is of no use. */
  required: readonly MailPlaceholder[];
  /** The office's help address after the signature (an e-mail to someone outside the application). */
  helpAfterSignature?: true;
  /**
   * Sent as HTML by the Cognito trigger, as the reset e-mail always was: a paragraph per blank
   * line, `[words]({link})` makes those words the link, {code} in bold; no signature (Cognito's
   * other messages carry none either).
   */
  html?: true;
  template: MailWords;
}

const RECOMMENDER: MailPlaceholder[] = [
  'recommender_name',
  'applicant_name',
  'applicant_and_school',
  'institution',
  'recommendation_kind',
  'waiver',
  'link',
  'link_expires',
];
const recommenderBody = (opening: string) =>
  [
    'Dear {recommender_name},',
    '',
    opening,
    '',
    '{applicant_and_school} is applying to {institution} and asks you for {recommendation_kind}.',
    '',
    '{waiver}',
    '',
    'Upload your letter (PDF, Word, PNG or JPEG, up to 1 MB) or decline at this link, which works until {link_expires}:',
    '{link}',
    '',
    'No account is needed. Please do not forward this e-mail: the link is yours alone.',
  ].join('\n');

const NOTICE: MailPlaceholder[] = ['first_name', 'recommender_name', 'institution', 'link'];
const noticeBody = (news: string) => ['Dear {first_name},', '', news, '', 'Your recommendations: {link}'].join('\n');

/** A decision released, an offer expired: an update waits on the status page, and the e-mail never says what it is. */
const UPDATE_WAITING: MailWords = {
  subject: '{institution}: an update to your application',
  body: [
    'Dear {first_name},',
    '',
    'There is an update to your {application_title} to {institution}.',
    '',
    'Sign in to your status page to read it: {link}',
    '',
    'Questions? Write to {help_email}.',
  ].join('\n'),
};

/**
 * The automatic reminders (issue 40, item 4; lambdas/domain/messages/reminders.ts): a mailing's
 * placeholders, nothing of a decision (the reply reminder's day is the offer's, not what it is).
 */
const REMINDER: MailPlaceholder[] = ['first_name', 'round', 'deadline', 'missing_items', 'status_link', 'institution', 'help_email'];

export const MAILS: Readonly<Record<MailKind, MailSpec>> = {
  confirmation: {
    label: 'Submission received',
    sentWhen: 'to the applicant once the application is submitted',
    placeholders: ['first_name', 'institution', 'application_title', 'reference', 'submitted_at', 'next_steps', 'link', 'help_email'],
    subjectPlaceholders: ['institution', 'application_title', 'reference'],
    required: [],
    template: {
      subject: '{institution}: application received ({reference})',
      body: [
        'Dear {first_name},',
        '',
        '{institution} has received your {application_title}.',
        '',
        'Application reference: {reference}',
        'Submitted: {submitted_at}',
        '',
        'What happens next',
        '{next_steps}',
        '',
        'Your status page, where you can also add the materials still accepted: {link}',
        '',
        'Questions? Write to {help_email} and quote your reference.',
      ].join('\n'),
    },
  },
  release: {
    label: 'Decision released',
    sentWhen: 'to the applicant when a decision is released (never the decision itself)',
    placeholders: ['first_name', 'institution', 'application_title', 'link', 'help_email'],
    subjectPlaceholders: ['institution', 'application_title'],
    required: ['link'],
    template: UPDATE_WAITING,
  },
  reply: {
    label: 'Reply received',
    sentWhen: 'to the applicant who replied to an offer or the waitlist',
    placeholders: ['first_name', 'institution', 'your_reply', 'reply_date', 'after_reply', 'link', 'help_email'],
    subjectPlaceholders: ['institution'],
    required: [],
    template: {
      subject: '{institution}: your reply has been received',
      body: [
        'Dear {first_name},',
        '',
        '{your_reply} on {reply_date}. Thank you for letting us know.',
        '',
        'What happens next',
        '{after_reply}',
        '',
        'Your status page shows your reply and your letter: {link}',
        '',
        'Questions? Write to {help_email}.',
      ].join('\n'),
    },
  },
  offerExpired: {
    label: 'Offer expired',
    sentWhen: 'to the applicant whose offer or waitlist place was not answered by its reply-by date (never the decision itself)',
    placeholders: ['first_name', 'institution', 'application_title', 'link', 'help_email'],
    subjectPlaceholders: ['institution', 'application_title'],
    required: ['link'],
    template: UPDATE_WAITING,
  },
  recommendationInvitation: {
    label: 'Recommendation invitation',
    sentWhen: 'to a recommender the applicant invites',
    placeholders: RECOMMENDER,
    subjectPlaceholders: ['institution'],
    required: ['link'],
    helpAfterSignature: true,
    template: {
      subject: '{institution}: a request for a letter of recommendation',
      body: recommenderBody('{applicant_name} has asked you to write a recommendation.'),
    },
  },
  recommendationReminder: {
    label: 'Recommendation reminder',
    sentWhen: 'to a recommender, by the applicant or a week before the link expires',
    placeholders: RECOMMENDER,
    subjectPlaceholders: ['institution'],
    required: ['link'],
    helpAfterSignature: true,
    template: {
      subject: '{institution}: a reminder about a letter of recommendation',
      body: recommenderBody('A reminder: {applicant_name} is still waiting for your recommendation.'),
    },
  },
  recommendationSubmitted: {
    label: 'Recommendation submitted',
    sentWhen: 'to the applicant when a recommender uploads their letter (never the letter)',
    placeholders: NOTICE,
    subjectPlaceholders: ['institution'],
    required: [],
    template: {
      subject: '{institution}: recommendation submitted',
      body: noticeBody('{recommender_name} has submitted their recommendation. The admissions office has received it.'),
    },
  },
  recommendationDeclined: {
    label: 'Recommendation declined',
    sentWhen: 'to the applicant when a recommender declines',
    placeholders: NOTICE,
    subjectPlaceholders: ['institution'],
    required: [],
    template: {
      subject: '{institution}: recommendation declined',
      body: noticeBody('{recommender_name} has declined to write a recommendation. You may invite someone else.'),
    },
  },
  recommendationExpired: {
    label: 'Recommendation expired',
    sentWhen: 'to the applicant when a recommender’s link expires without a letter',
    placeholders: NOTICE,
    subjectPlaceholders: ['institution'],
    required: [],
    template: {
      subject: '{institution}: recommendation expired',
      body: noticeBody(
        'The link you sent {recommender_name} for a recommendation has expired without a letter. You may invite them again or invite someone else.',
      ),
    },
  },
  retentionWarning: {
    label: 'Account deletion warning',
    sentWhen: 'to an account never submitted, before the retention policy deletes it',
    placeholders: ['institution', 'application_title', 'deletion_date', 'retention_days', 'link', 'help_email'],
    subjectPlaceholders: ['institution', 'application_title', 'deletion_date'],
    required: ['link', 'deletion_date'],
    template: {
      subject: '{institution}: your application account will be deleted on {deletion_date}',
      body: [
        'Dear applicant,',
        '',
        'Your application account will be deleted on {deletion_date}: sign in to keep it.',
        '',
        'You started a {application_title} at {institution} with this e-mail address and have not signed in for a long time. An application that was never submitted is deleted, with everything saved in it, {retention_days} days after its last sign-in.',
        '',
        'To keep your account, sign in before {deletion_date}: {link}',
        'If you no longer need it, you do not have to do anything.',
        '',
        'Questions? Write to {help_email}.',
      ].join('\n'),
    },
  },
  temporaryLink: {
    label: 'Application started by the office',
    sentWhen: 'to a prospective applicant the office prepares a temporary link for',
    placeholders: ['name', 'institution', 'link', 'link_expires', 'help_email'],
    subjectPlaceholders: ['institution'],
    required: ['link'],
    template: {
      subject: '{institution} has started your application',
      body: [
        'Dear {name},',
        '',
        // The words of the page the link opens (form/prepared-link.ts), as the default.
        '{institution} has started your application. Check the answers and create an account to continue.',
        '',
        '{link}',
        '',
        'The link works until {link_expires}.',
        '',
        'Questions? Write to {help_email}.',
      ].join('\n'),
    },
  },
  reminderDeadline: {
    label: 'Reminder: deadline',
    sentWhen: 'to an applicant whose application is still in progress, the configured number of days before their round’s deadline (once per round)',
    placeholders: REMINDER,
    subjectPlaceholders: ['institution', 'round', 'deadline'],
    required: ['deadline'],
    template: {
      subject: '{institution}: the {round} deadline is {deadline}',
      body: [
        'Dear {first_name},',
        '',
        'Your application to {institution} for {round} is not submitted yet, and its deadline is {deadline}.',
        '',
        'Still to complete: {missing_items}.',
        '',
        'Continue your application: {status_link}',
        '',
        'Questions? Write to {help_email}.',
      ].join('\n'),
    },
  },
  reminderMaterials: {
    label: 'Reminder: missing materials',
    sentWhen: 'to an applicant whose submitted application still awaits materials the configured number of days after it was submitted (once)',
    placeholders: REMINDER,
    subjectPlaceholders: ['institution'],
    required: ['missing_items'],
    template: {
      subject: '{institution}: your application still awaits materials',
      body: [
        'Dear {first_name},',
        '',
        'Thank you for applying to {institution}. Your application cannot be read in full until we receive: {missing_items}.',
        '',
        'Your status page shows what has arrived and how to send the rest: {status_link}',
        '',
        'Questions? Write to {help_email}.',
      ].join('\n'),
    },
  },
  reminderReply: {
    label: 'Reminder: reply to your offer',
    sentWhen: 'to an admitted applicant who has not replied, the configured number of days before their reply-by date (once per offer)',
    placeholders: [...REMINDER, 'reply_by'],
    subjectPlaceholders: ['institution', 'reply_by'],
    required: ['reply_by'],
    template: {
      subject: '{institution}: please reply by {reply_by}',
      body: [
        'Dear {first_name},',
        '',
        'Your status page at {institution} is waiting for your reply, which is due by {reply_by}.',
        '',
        'Reply on your status page: {status_link}',
        '',
        'Questions? Write to {help_email}.',
      ].join('\n'),
    },
  },
  passwordReset: {
    label: 'Password reset',
    sentWhen: 'to an applicant who asks to reset their password (its code and link last one hour)',
    placeholders: ['institution', 'application_title', 'link', 'code', 'help_email'],
    subjectPlaceholders: ['institution', 'application_title'],
    // Cognito refuses a message without the code; the link carries it, and a reader may type it.
    required: ['link', 'code'],
    html: true,
    template: {
      subject: 'Reset your password',
      body: [
        'We received a request to reset the password of your application account.',
        '',
        '[Choose a new password]({link})',
        '',
        'Or enter this code on the Reset Password page: {code}',
        '',
        'If you did not ask for this, you can ignore this e-mail; your password has not changed.',
      ].join('\n'),
    },
  },
};

/**
 * A mailing the office writes to a list of applicants (issue 40; lambdas/domain/messages/): its
 * words are the office's own each time, so it has no template of the product's. Its placeholders
 * say nothing of a decision (decisions reach the applicant through the status page), and its
 * subject takes only the office's words (no applicant-typed value reaches a subject, #42).
 */
export const MAILING: MailSpec = {
  label: 'Mailing',
  sentWhen: 'to each recipient of a mailing the office sends',
  placeholders: ['first_name', 'round', 'deadline', 'missing_items', 'status_link', 'institution', 'help_email'],
  subjectPlaceholders: ['institution', 'round', 'deadline'],
  required: [],
  template: { subject: '', body: '' },
};

/** The product's wording of every e-mail: what an e-mail never edited in Settings says. */
export const DEFAULT_EMAIL_WORDS: EmailWords = Object.fromEntries(MAIL_KINDS.map((k) => [k, MAILS[k].template])) as EmailWords;

export type MailValues = Partial<Record<MailPlaceholder, string>>;

const ANY_PLACEHOLDER = /\{([a-z_]+)\}/g;

/** Each placeholder the values have, once, in one pass: a value that looks like a placeholder stays as it is. */
const fill = (template: string, values: MailValues) =>
  template.replace(ANY_PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name as MailPlaceholder] ?? whole) : whole));

/** A subject is one line, whatever a value holds. */
const oneLine = (values: MailValues): MailValues => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? '').replace(/\s+/g, ' ').trim()]));

/** Only the values of the placeholders `names`: a template can never reach a value its mail withholds. */
const only = (values: MailValues, names: readonly MailPlaceholder[]): MailValues =>
  Object.fromEntries(names.filter((n) => values[n] !== undefined).map((n) => [n, values[n]]));

const subjectOf = (kind: MailKind, words: MailWords, values: MailValues) => subjectWith(MAILS[kind], words, values);
const subjectWith = (spec: MailSpec, words: MailWords, values: MailValues) => fill(words.subject, oneLine(only(values, spec.subjectPlaceholders)));

/** A stretch of an HTML e-mail's paragraph: text, a link (`href`) or the code (`strong`). */
export interface MailSegment {
  text: string;
  href?: string;
  strong?: true;
}

const SEGMENT = /\[([^[\]]*)\]\(\{link\}\)|\{([a-z_]+)\}/g;

/** One paragraph's segments: the template's words as written, each placeholder its value (once, in one pass, as `fill`). */
function segmentsOf(paragraph: string, values: MailValues): MailSegment[] {
  const segments: MailSegment[] = [];
  let at = 0;
  for (const m of paragraph.matchAll(SEGMENT)) {
    if (m.index > at) segments.push({ text: paragraph.slice(at, m.index) });
    at = m.index + m[0].length;
    const [whole, words, name] = m;
    const value = name === undefined ? values.link : values[name as MailPlaceholder];
    if (words !== undefined) segments.push(value === undefined ? { text: whole } : { text: fill(words, values), href: value });
    else if (value === undefined || !Object.hasOwn(values, name!)) segments.push({ text: whole });
    else if (name === 'link') segments.push({ text: value, href: value });
    else if (name === 'code') segments.push({ text: value, strong: true });
    else segments.push({ text: value });
  }
  if (at < paragraph.length) segments.push({ text: paragraph.slice(at) });
  return segments;
}

/** An HTML e-mail's body (MailSpec.html) as paragraphs, filled with the placeholders its mail allows. */
export function mailParagraphs(kind: MailKind, words: MailWords, values: MailValues): MailSegment[][] {
  const allowed = only(values, MAILS[kind].placeholders);
  return words.body
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => segmentsOf(p, allowed));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const segmentHtml = (s: MailSegment) => {
  const text = escapeHtml(s.text).replace(/\n/g, '<br>\n');
  if (s.href !== undefined) return `<a href="${escapeHtml(s.href)}">${text}</a>`;
  return s.strong ? `<strong>${text}</strong>` : text;
};

/** An HTML e-mail (MailSpec.html) as it is sent: every word of the template and every value escaped, the link an anchor. */
export function composeHtmlMail(kind: MailKind, words: MailWords, values: MailValues): { subject: string; html: string } {
  const paragraphs = mailParagraphs(kind, words, values).map((p) => `<p>${p.map(segmentHtml).join('')}</p>`);
  return { subject: subjectOf(kind, words, values), html: paragraphs.join('\n') };
}

/** An HTML e-mail's text, as a mail program shows it without HTML: a link's words, then its address. */
const paragraphsText = (paragraphs: MailSegment[][]) =>
  paragraphs.map((p) => p.map((s) => (s.href !== undefined && s.text !== s.href ? `${s.text}: ${s.href}` : s.text)).join('')).join('\n\n');

/**
 * An e-mail as it will arrive: its subject and its text (the body filled in, then the signature,
 * and the help address where the e-mail asks for it; an HTML e-mail's paragraphs without either).
 * Only the placeholders that e-mail allows are filled (a subject only with its own few), so a
 * template can never reach a value its mail withholds.
 */
export function composeMail(kind: MailKind, words: MailWords, values: MailValues, signature: string): { subject: string; text: string } {
  const spec = MAILS[kind];
  if (spec.html) return { subject: subjectOf(kind, words, values), text: paragraphsText(mailParagraphs(kind, words, values)) };
  return composeText(spec, words, values, signature);
}

/** A plain-text e-mail of `spec` (one of MAILS, or a MAILING): filled as composeMail says. */
export function composeText(spec: MailSpec, words: MailWords, values: MailValues, signature: string): { subject: string; text: string } {
  const subject = subjectWith(spec, words, values);
  const signatureLines = ['', ...signature.split('\n').map((l) => l.trimEnd())];
  return {
    subject,
    text: [fill(words.body, only(values, spec.placeholders)), ...signatureLines, ...(spec.helpAfterSignature ? [values.help_email ?? ''] : [])].join('\n'),
  };
}

/**
 * The values a preview fills the e-mails with: a sample recipient of this institution (its own
 * name, title, help address and first entry term), the site's own address for the links, and the
 * office's current next steps; dates from `now`.
 */
export function sampleMailValues(
  offered: { name: string; applicationTitle: string; helpEmail: string },
  origin: string,
  nextSteps: string,
  now: Date,
): MailValues {
  const day = (days: number) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(now.getTime() + days * 86_400_000));
  return {
    institution: offered.name,
    application_title: offered.applicationTitle,
    help_email: offered.helpEmail,
    first_name: 'Ada',
    name: 'Ada Lovelace',
    reference: 'A1B2C3D4',
    submitted_at: day(0),
    next_steps: nextSteps,
    link: new URL(COMPLETION_PATH, origin).href,
    your_reply: 'You accepted the offer of admission',
    reply_date: day(0),
    after_reply: 'The office will write to you about what comes next.',
    recommender_name: 'Grace Hopper',
    applicant_name: 'Ada Lovelace',
    applicant_and_school: 'Ada Lovelace (Riverside High School)',
    recommendation_kind: 'a teacher’s recommendation',
    waiver: 'The applicant has waived the right to see this letter: it stays confidential to the admissions office.',
    link_expires: day(30),
    deletion_date: day(30),
    retention_days: '365',
    code: '042137',
    round: 'Early Action',
    deadline: day(7),
    missing_items: 'the school report, an official transcript',
    status_link: new URL(COMPLETION_PATH, origin).href,
    reply_by: day(5),
  };
}
