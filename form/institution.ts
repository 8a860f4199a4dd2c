/**
 * The institution this deployment serves, from its configuration file (institutions/*.yaml,
 * chosen with INSTITUTION_CONFIG; docs/white-label.md): white-label, another institution writes
 * another file, not code. The sections arrive as `globalThis.__INSTITUTION__` (see
 * InstitutionSections): each is read here once, at the top of this module, which a bundler
 * replaces by the section itself.
 *
 * The policies (rubric, letters, retention), the statements and the e-mails' signature are in
 * modules of their own (institution-policies.ts, institution-statements.ts, institution-mail.ts),
 * so none of them weighs on the applicant's first load.
 */
import { timetable } from './institution-cycles';
import type { AnnouncementWords, OfficeWords } from './office-words';
import { cycleTermOptions, termLabelIn } from './terms';
import { applicationCycle } from './timetable';
import type { AnswerOption, DeadlineBanner, InstitutionConfig, InstitutionText } from './types';

const identity = globalThis.__INSTITUTION__.identity;
const application = globalThis.__INSTITUTION__.application;
const brand = globalThis.__INSTITUTION__.brand;
const links = globalThis.__INSTITUTION__.links;
const welcome = globalThis.__INSTITUTION__.welcome;
const afterSubmission = globalThis.__INSTITUTION__.afterSubmission;
const recommendations = globalThis.__INSTITUTION__.recommendations;

const option = (m: { code: string; label: string }): AnswerOption => ({ value: m.code, label: m.label });

export const institution: InstitutionConfig = {
  name: identity.name,
  abbreviation: identity.abbreviation,
  applicationTitle: identity.applicationTitle,
  timeZone: identity.timeZone,
  freeTextLimit: application.freeTextLimit,
  address: identity.address,
  phone: identity.phone,
  helpEmail: identity.helpEmail,
  website: identity.website,
  logo: brand.logo,
  links: { ...links, privacyPolicy: { label: 'Privacy Policy', url: identity.privacyPolicyUrl } },
  entryTermsOn: (now) => cycleTermOptions(applicationCycle(timetable.cycles, now, timetable.timeZone), application.entryTerms),
  get entryTerms() {
    return this.entryTermsOn(new Date());
  },
  majors: application.majors.map(option),
  concentrations: Object.fromEntries(application.majors.filter((m) => m.concentrations?.length).map((m) => [m.code, m.concentrations!.map(option)])),
  pdfPages: application.pdfPages,
  afterSubmission: { checklist: afterSubmission.checklist },
  recommendations,
};

/** "Fall 2025" for a stored entry term (2025FA), also one no longer offered; undefined for a code the institution has no term for. */
export const termLabel = (value: string): string | undefined => termLabelIn(application.entryTerms, value);

/**
 * The office's edits of Settings laid over the file's words (issue 36, item 5). The words are read
 * deep inside synchronous code (a mail's body, a letter's template, the status page's next steps)
 * through `officeTexts` below and `decisionLetters()` (institution-policies.ts), so the server
 * installs the edits here before a use-case that says them runs (lambdas/wiring/office-words.ts,
 * which reads them at most once a minute); until then, and for a section never edited, those
 * answer the file's values. The browser never installs any: it renders what
 * GET /public/office-texts answers over the built-in values (web/src/lib/office-texts.ts). Kept in
 * this module, which every bundle that says the words already carries.
 */
let edits: Partial<OfficeWords> = {};

/** The sections the office has edited, with their current values. */
export const officeEdits = (): Partial<OfficeWords> => edits;

export function installOfficeEdits(current: Partial<OfficeWords>): void {
  edits = current;
}

/** The file's announcement as the banners read it. */
export const asBanner = (a: AnnouncementWords): DeadlineBanner => ({ id: a.id, message: a.text, from: a.from, until: a.until, urgent: a.urgent });

const fileAnnouncements: readonly DeadlineBanner[] = welcome.announcements.map(asBanner);

/**
 * The words the office changes in the console's Settings without a deploy (issue 36, item 5; the
 * decision letters are institution-policies.ts's `decisionLetters()`): read only through these,
 * which answer the office's current edit of each (`officeEdits`) or else the file's value.
 */
export const officeTexts = {
  /** What the welcome panel promises a visitor. */
  promises: (): InstitutionText => officeEdits().promises ?? welcome.promises,
  /** What the welcome panel tells a submitted applicant. */
  submitted: (): InstitutionText => officeEdits().submitted ?? welcome.submitted,
  /** The announcements above the form, each with its window. */
  announcements: (): readonly DeadlineBanner[] => officeEdits().announcements?.map(asBanner) ?? fileAnnouncements,
  /** What happens next: the confirmation e-mail and the status page. */
  nextSteps: (): InstitutionText => officeEdits().nextSteps ?? afterSubmission.nextSteps,
};
