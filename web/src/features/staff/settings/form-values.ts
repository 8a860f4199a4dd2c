/**
 * A section's words as the Settings form holds them (one string per field) and back, and where a
 * problem of the shared checks (form/office-words.ts) goes on the form. Pure: the screen and its
 * tests use it.
 */
import { MAIL_KINDS } from '#form/mail-words';
import { MAX_ANNOUNCEMENTS, REMINDER_SETTINGS, type AnnouncementWords, type OfficeWords, type OfficeWordSection, type WordFinding } from '#form/office-words';
import { DECISIONS } from '#form/wire/decision-words';
import type { Values } from '../shared/use-staff-form';

/** The fields of an announcement, in the order the form shows them. */
export const ANNOUNCEMENT_FIELDS = ['text', 'from', 'until', 'urgent', 'id'] as const;
export const announcementKey = (i: number, field: string) => `a${i}_${field}`;
export const letterKey = (decision: string, field: string) => `${decision}_${field}`;
export const mailKey = (kind: string, field: 'subject' | 'body') => `${kind}_${field}`;
export const reminderKey = (kind: string) => `reminder_${kind}`;
/** The one field of a text section. */
export const TEXT_KEY = 'text';
/** How many announcements the form holds (a field of its own: the list grows and shrinks). */
export const COUNT_KEY = 'count';

export function toValues<S extends OfficeWordSection>(section: S, value: OfficeWords[S]): Values {
  if (section === 'letters') {
    const letters = value as OfficeWords['letters'];
    return Object.fromEntries(DECISIONS.flatMap((d) => [[letterKey(d, 'title'), letters[d].title] as const, [letterKey(d, 'text'), letters[d].text] as const]));
  }
  if (section === 'emails') {
    const emails = value as OfficeWords['emails'];
    return Object.fromEntries(MAIL_KINDS.flatMap((k) => [[mailKey(k, 'subject'), emails[k].subject] as const, [mailKey(k, 'body'), emails[k].body] as const]));
  }
  if (section === 'announcements') {
    const list = value as OfficeWords['announcements'];
    const values: Values = { [COUNT_KEY]: String(list.length) };
    list.forEach((a, i) => {
      for (const field of ANNOUNCEMENT_FIELDS) values[announcementKey(i, field)] = field === 'urgent' ? String(a.urgent) : a[field];
    });
    return values;
  }
  if (section === 'reminders') {
    const days = value as OfficeWords['reminders'];
    return Object.fromEntries(REMINDER_SETTINGS.map((r) => [reminderKey(r.kind), days[r.kind] === undefined ? '' : String(days[r.kind])]));
  }
  return { [TEXT_KEY]: value as string };
}

/** The value the form's fields make, as the server takes it (checked there, and here before the preview, by the same function). */
export function fromValues(section: OfficeWordSection, values: Values): unknown {
  if (section === 'letters')
    return Object.fromEntries(DECISIONS.map((d) => [d, { title: values[letterKey(d, 'title')] ?? '', text: values[letterKey(d, 'text')] ?? '' }]));
  if (section === 'emails')
    return Object.fromEntries(MAIL_KINDS.map((k) => [k, { subject: values[mailKey(k, 'subject')] ?? '', body: values[mailKey(k, 'body')] ?? '' }]));
  if (section === 'announcements') {
    const count = Number(values[COUNT_KEY] ?? 0);
    return Array.from({ length: count }, (_, i): AnnouncementWords => ({
      id: values[announcementKey(i, 'id')] ?? '',
      text: values[announcementKey(i, 'text')] ?? '',
      from: (values[announcementKey(i, 'from')] ?? '').trim(),
      until: (values[announcementKey(i, 'until')] ?? '').trim(),
      urgent: values[announcementKey(i, 'urgent')] === 'true',
    }));
  }
  if (section === 'reminders')
    // Empty: that reminder is off; a whole number as a number; anything else as typed, for the checks to refuse in words.
    return Object.fromEntries(
      REMINDER_SETTINGS.map((r) => {
        const typed = (values[reminderKey(r.kind)] ?? '').trim();
        return [r.kind, typed === '' ? null : /^\d{1,6}$/.test(typed) ? Number(typed) : typed];
      }),
    );
  return values[TEXT_KEY] ?? '';
}

/** The form's field a problem is about (the section's first field when it names none). */
export function fieldOf(section: OfficeWordSection, finding: WordFinding): string {
  const [first, second] = finding.at;
  if (section === 'letters') return letterKey(typeof first === 'string' ? first : DECISIONS[0], second === 'title' ? 'title' : 'text');
  if (section === 'emails') return mailKey(typeof first === 'string' ? first : MAIL_KINDS[0], second === 'subject' ? 'subject' : 'body');
  if (section === 'announcements') return typeof first === 'number' ? announcementKey(first, typeof second === 'string' ? second : 'text') : COUNT_KEY;
  if (section === 'reminders') return reminderKey(typeof first === 'string' ? first : REMINDER_SETTINGS[0].kind);
  return TEXT_KEY;
}

/** The fields in the order the error summary lists them (every announcement the list may have). */
export function fieldOrder(section: OfficeWordSection): string[] {
  if (section === 'letters') return DECISIONS.flatMap((d) => [letterKey(d, 'title'), letterKey(d, 'text')]);
  if (section === 'emails') return MAIL_KINDS.flatMap((k) => [mailKey(k, 'subject'), mailKey(k, 'body')]);
  if (section === 'announcements')
    return [COUNT_KEY, ...Array.from({ length: MAX_ANNOUNCEMENTS }, (_, i) => ANNOUNCEMENT_FIELDS.map((f) => announcementKey(i, f))).flat()];
  if (section === 'reminders') return REMINDER_SETTINGS.map((r) => reminderKey(r.kind));
  return [TEXT_KEY];
}
