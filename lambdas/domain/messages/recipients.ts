/**
 * A mailing's recipients: every application the filter finds in its list, each once, resolved
 * when sending starts (and counted before, for the compose screen and the pre-send checks). The
 * `submitted` source pages through the staff list's index with the list's own filters
 * (cycles/office-cycles.ts), the `in-progress` source through the list of applications in
 * progress (office/in-progress.ts): a mailing reaches exactly whom that list shows.
 *
 * What a recipient is sent in placeholders is theirs: their first name (made harmless here: no
 * link, no line), their round and its deadline in the office's words, and what is missing (the
 * pages that do not yet pass the form's rules; a submitted application's materials are read when
 * its message is written, messages/compose.ts).
 *
 * Each recipient's language (issue 41): a submitted application's (`applicant_language`, on its
 * index row); an application in progress, the language saved on its account, read when sending
 * starts (`languageOf`: one read of the account's item per recipient, as the reminders make).
 * The counts and previews of the compose screen do not read it: a preview's frame is the
 * institution's. In it go the product's words around the office's (why it is sent, the unsubscribe
 * line), the deadline's day and the pages still to complete; the office's own words stay as written.
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { languageOr, serverText } from '#form/i18n/server-words';
import type { Timetable } from '#form/institution-cycles';
import { mailDayInWords, mailListInWords } from '#form/mail-language';
import type { MailValues } from '#form/mail-words';
import { pages } from '#form/model';
import type { MailingRecipients } from '#form/wire/messages';
import { officeFilters } from '../cycles/office-cycles';
import { cycleOf, rowsFrom } from '../office/in-progress';
import type { InProgressIndex } from '../ports/in-progress';
import type { Recipient } from '../ports/messages';
import type { SubmissionsQuery, SubmittedApplication } from '../ports/submissions';

export interface RecipientPorts extends SubmissionsQuery, InProgressIndex {
  timetable: Timetable;
}

/** What sending reads besides: the language saved on an application's account (undefined when none was chosen). */
export interface RecipientLanguages {
  languageOf(application: string): Promise<string | undefined>;
}

/** Index reads of a page while resolving. */
const PAGE = 100;

/**
 * A first name as a placeholder's value: what a person typed, so it may carry nothing a mail
 * program turns into a link or a new line. Letters, marks, spaces, apostrophes and hyphens stay,
 * digits too; a dot stays only where no word follows it ("St." but not "evil.example"); the rest is dropped.
 */
export function safeFirstName(raw: string | undefined): string {
  const kept = (raw ?? '')
    .replace(/[^\p{L}\p{M}\p{N}\s'’.-]/gu, '')
    .replace(/\.(?=\S)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return /\p{L}/u.test(kept) ? kept : 'applicant';
}

const dayInWords = (day: string, language: LanguageCode) => mailDayInWords(new Date(`${day}T00:00:00Z`), language);

/** A form page's title in the applicant's language (the in-progress list says it in English, the model's). */
export const pageInWords = (title: string, language: LanguageCode): string => {
  const page = pages.find((p) => p.title === title);
  return page ? serverText(language, `mail.page.${page.id}`) : title;
};

/** The in-progress list's pages still to complete, in the applicant's language; nothing: empty (compose.ts says "nothing" in it). */
const missingInWords = (titles: readonly string[], language: LanguageCode): string =>
  language === DEFAULT_LANGUAGE
    ? titles.join(', ')
    : mailListInWords(
        titles.map((title) => pageInWords(title, language)),
        language,
      );

function roundValues(t: Timetable, cycleId: string | undefined, roundId: string | undefined, language: LanguageCode = DEFAULT_LANGUAGE): MailValues {
  const round = t.cycles.find((c) => c.id === cycleId)?.rounds.find((r) => r.id === roundId);
  return round ? { round: round.label, deadline: dayInWords(round.deadline, language) } : {};
}

/** A submitted applicant, with the language of their application (issue 41). */
function submittedRecipient(t: Timetable, app: SubmittedApplication): Recipient {
  const a = app.answers;
  const language = languageOr(app.language);
  return {
    application: app.id,
    email: app.email,
    values: { first_name: safeFirstName(a.preferred_name || a.first_name), ...roundValues(t, app.placement?.cycle, app.placement?.round, language) },
    ...(language === DEFAULT_LANGUAGE ? {} : { language }),
  };
}

/**
 * Every recipient of the filter, each application once, in the list's order. With `languages`
 * (sending), an application in progress is written to in its account's language.
 */
export async function resolveRecipients(ports: RecipientPorts, recipients: MailingRecipients, now: Date, languages?: RecipientLanguages): Promise<Recipient[]> {
  const found = new Map<string, Recipient>();
  if (recipients.source === 'submitted') {
    const filters = officeFilters(ports.timetable, recipients.filters);
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ports.querySubmissions(filters, PAGE, start);
      for (const app of page.items) if (!found.has(app.id) && app.email) found.set(app.id, submittedRecipient(ports.timetable, app));
      start = page.next;
    } while (start);
  } else {
    const cycle = cycleOf(ports.timetable, recipients.filters, now);
    let after: string | undefined;
    do {
      const page = await rowsFrom(ports, cycle, recipients.filters.round, PAGE, after, now);
      for (const row of page.items) {
        if (found.has(row.id) || !row.email) continue;
        const language = languages ? languageOr(await languages.languageOf(row.id)) : DEFAULT_LANGUAGE;
        found.set(row.id, {
          application: row.id,
          email: row.email,
          values: {
            first_name: safeFirstName(row.name.split(' ')[0]),
            ...roundValues(ports.timetable, cycle.id, row.round, language),
            missing_items: missingInWords(row.missing, language),
          },
          ...(language === DEFAULT_LANGUAGE ? {} : { language }),
        });
      }
      after = page.next;
    } while (after);
  }
  return [...found.values()];
}
