/**
 * The application form as data. The web app renders from these shapes; the server validates with
 * the schemas built from them. Additive changes only: other folders depend on these names.
 */
import type { LanguageCode } from './i18n/languages';
import type { TextTable } from './institution-text';

/** Every stored answer is a string; '' means unanswered. */
export type Answers = Record<string, string>;

/** Messages per answer key (all messages of a field, deduplicated). */
export type FieldErrors = Record<string, string[]>;

export type PageId = 'about' | 'education-ug' | 'final-steps';

export type InputType =
  | 'text'
  | 'textarea'
  | 'date' // stored YYYY-MM-DD, only when valid
  | 'dropdown' // stores value + {key}_desc (label)
  | 'radio' // stores value + {key}_desc when includeDesc (default true)
  | 'checkbox' // single boolean: 'true' / 'false'
  | 'checkboxGroup' // several booleans, one answer key per option (yupValueKey)
  | 'phone' // (###) ###-####, masked while typing
  | 'ssn' // ###-##-####
  | 'monthYear' // month under `key` (1-12), year under `yearKey`
  | 'autocomplete' // lookup search; a chosen record fills linked answers
  | 'file'; // a document question: not an answer key, stored as a document answer

/** An option of a dropdown or radio: `value` is stored, `label` goes to {key}_desc. */
export interface AnswerOption {
  readonly label: string;
  readonly value: string;
}

/** An option of a checkbox group: its own boolean answer key. */
export interface CheckboxGroupOption<O extends string = string> {
  readonly yupValueKey: O;
  readonly label: string;
}

export type ConditionalOperator = 'notEquals' | 'equals' | 'lt' | 'lte' | 'gt' | 'gte' | 'notAnswered' | 'answered' | 'in' | 'notIn';

/**
 * A test on one answer: `answers[valueKey] <operator> target`.
 * lt/lte/gt/gte compare numerically; in/notIn take an array target; (not)Answered ignore target.
 */
export interface Conditional {
  readonly valueKey: string;
  readonly operator: ConditionalOperator;
  readonly target?: string | number | readonly string[];
}

/** Year list generated from a start year (default: the current year). */
export interface YearListSpec {
  /** Default: the current year of `now`. */
  readonly start?: number;
  /** Added to the start year (e.g. 4 = four years after the current year). Default 0. */
  readonly offset?: number;
  /** How many years, including the start year. */
  readonly count: number;
  /** 'past' counts down from start, 'future' counts up. */
  readonly direction: 'past' | 'future';
}

export type AutocompleteCategory = 'address' | 'college_ceeb' | 'hs_ceeb';

/**
 * The key type parameters (`K`, a year key `Y`, checkbox option keys `O`) hold the literal keys a
 * page's builders were given, so the answer keys can be read off the pages as a type
 * (`AnswerKey`); they default to `string`, which is what code reading any question sees.
 */
interface QuestionBase<K extends string = string> {
  readonly kind: 'question';
  /** Answer key, also the HTML anchor of the error summary link. */
  readonly key: K;
  readonly label: string;
  readonly type: InputType;
  /** Shown as "(optional)": neither `required` nor one of a `oneOf` group. The builders set it from those two. */
  readonly optional: boolean;
  /**
   * The question is required, and this is what a blank answer (an unchecked checkbox) is told.
   * Required-ness and its message live here and nowhere else: the validation rules read them.
   */
  readonly required?: Requirement;
  /** Help text under the label. */
  readonly hint?: string;
  /**
   * What the printed application (review page, PDF, staff view) calls the answer, where the label
   * on screen is a prompt, an instruction or a question put to the applicant ("Search for Your
   * School" prints as "High School"). Without it the label is printed (`printLabelOf`).
   */
  readonly printLabel?: string;
  /**
   * The key of the question that answers the same thing another way (a planned test date, or
   * "I'm not sure yet"). While that one is answered and this one is not, this one is not printed.
   * Both questions name each other.
   */
  readonly alternativeOf?: string;
  /**
   * Questions of which at least one must be answered (home or cell phone): shown together as one
   * group that states the rule, so neither looks required on its own. Neighbours in the tree.
   */
  readonly oneOf?: OneOfGroup;
}

export interface OneOfGroup {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  /** Reported on every question of the group while all of them are blank. */
  readonly message: string;
}

/** What makes a question required. A hidden question is never required, whatever this says. */
export interface Requirement {
  /** What a blank answer is told; the spec's required fields say their label. */
  readonly message: string;
  /** Required only while this holds (a ZIP code only for the USA). */
  readonly when?: Conditional;
}

export interface TextQuestion<K extends string = string> extends QuestionBase<K> {
  readonly type: 'text' | 'phone' | 'ssn' | 'date';
  /** Text inputs default to 45. */
  readonly maxLength?: number;
  /** Browser autocomplete token (e.g. 'given-name'). */
  readonly autoComplete?: string;
}

export interface TextareaQuestion<K extends string = string> extends QuestionBase<K> {
  readonly type: 'textarea';
  /** Default 1500; the institution's free-text limit where configured. */
  readonly maxLength: number;
  /** Default 6. */
  readonly rows: number;
}

/**
 * Options that depend on another answer. The dropdown appears only when `answers[valueKey]` is
 * one of the keys of `optionsByValue`, and its value and _desc are cleared whenever that answer changes.
 */
export interface ConditionalOptions {
  readonly valueKey: string;
  readonly optionsByValue: Readonly<Record<string, readonly AnswerOption[]>>;
}

export interface ChoiceQuestion<K extends string = string> extends QuestionBase<K> {
  readonly type: 'dropdown' | 'radio';
  /** Static options; empty when `dependsOn` supplies them. */
  readonly options: readonly AnswerOption[];
  /** Store the chosen label under {key}_desc. Default true. */
  readonly includeDesc: boolean;
  /** Present on conditional dropdowns. */
  readonly dependsOn?: ConditionalOptions;
  /**
   * Options that change with the date (entry terms): the options offered at `now`. Where present,
   * `options` is today's list, computed when read.
   */
  readonly optionsAt?: (now: Date) => readonly AnswerOption[];
  /**
   * A question asked only at some times (the round, while there is a choice to make): whether it
   * is asked at `now`. Not asked and unanswered, it is neither shown nor required.
   */
  readonly askedAt?: (now: Date) => boolean;
}

export interface CheckboxQuestion<K extends string = string> extends QuestionBase<K> {
  readonly type: 'checkbox';
}

export interface CheckboxGroupQuestion<K extends string = string, O extends string = string> extends QuestionBase<K> {
  readonly type: 'checkboxGroup';
  /** `key` is only an anchor; the answers are the options' yupValueKeys. */
  readonly options: readonly CheckboxGroupOption<O>[];
}

export interface MonthYearQuestion<K extends string = string, Y extends string = string> extends QuestionBase<K> {
  readonly type: 'monthYear';
  /** The month is stored under `key`, the year under `yearKey` (each with a _desc companion). */
  readonly yearKey: Y;
  readonly yearLabel: string;
  readonly years: YearListSpec;
  readonly includeDesc: boolean;
}

export interface AutocompleteQuestion<K extends string = string> extends QuestionBase<K> {
  readonly type: 'autocomplete';
  readonly category: AutocompleteCategory;
  readonly maxLength?: number;
  /**
   * Lookup record field -> answer key filled when a suggestion is chosen, each only when the
   * record provides a value (and, for a dependent dropdown, one it offers).
   */
  readonly fills: Readonly<Record<string, string>>;
  /** As `fills`, but only into answers still blank: what the applicant set above is theirs. */
  readonly fillsIfBlank?: Readonly<Record<string, string>>;
  /**
   * Answers that describe the chosen record as a whole (a school's code and address): cleared
   * when another record, the typed "Use: text" entry or an empty box replaces it. An address
   * line has none: the applicant's country, city or state outlive the line they typed.
   */
  readonly resets: readonly string[];
  /** What the hint says after "Use: text" is chosen: where the rest is typed by hand. */
  readonly manualHint: string;
}

/** A document question: uploaded file, stored as a document answer (file_name, file_size), not in Answers. */
export interface DocumentQuestion<K extends string = string> extends QuestionBase<K> {
  readonly type: 'file';
}

export type Question =
  TextQuestion | TextareaQuestion | ChoiceQuestion | CheckboxQuestion | CheckboxGroupQuestion | MonthYearQuestion | AutocompleteQuestion | DocumentQuestion;

/** Static text (paragraph or sub-heading) inside a section. */
export interface ContentNode {
  readonly kind: 'content';
  readonly id: string;
  readonly text: string;
  readonly variant?: 'heading' | 'paragraph' | 'note';
}

/**
 * Content hidden while `hideWhen` holds. When it becomes hidden, the answers in `clears`
 * (the answer keys inside it, companions included) are cleared.
 * Containers are typed by what they hold (`C`, default any node), so `AnswerKey` can see inside.
 */
export interface ConditionalNode<C extends FormNode = FormNode> {
  readonly kind: 'conditional';
  readonly id: string;
  readonly hideWhen: Conditional;
  readonly clears: readonly string[];
  readonly children: readonly C[];
}

/** One group of a condition group: shown while `when` holds. */
export interface ConditionGroup<C extends FormNode = FormNode> {
  readonly id: string;
  readonly when: Conditional;
  /** Answer keys kept while this group is the true one (the others' keys are cleared). */
  readonly keys: readonly string[];
  readonly children: readonly C[];
}

/** At most one group is true (the first whose `when` holds); the other groups' keys are cleared. */
export interface ConditionGroupNode<C extends FormNode = FormNode> {
  readonly kind: 'conditionGroup';
  readonly id: string;
  readonly groups: readonly ConditionGroup<C>[];
}

/**
 * Button type: `before` (and `section`) until clicked, then `after`.
 * Checkbox type: `before` until the checkbox `label` is confirmed, then `after`.
 * Not stored: the trigger counts as fired once clicked/confirmed or when any answer in `after` is non-empty.
 */
export interface TriggerNode<C extends FormNode = FormNode> {
  readonly kind: 'trigger';
  readonly id: string;
  readonly triggerType: 'button' | 'checkbox';
  readonly label: string;
  readonly before: readonly C[];
  readonly section?: readonly C[];
  readonly after: readonly C[];
}

export interface Tab<C extends FormNode = FormNode> {
  readonly id: string;
  readonly label: string;
  /**
   * What the tab group's printed row says when this tab is chosen ("Sent by the school counselor").
   * A tab without one prints no row for its group: its own questions say what was chosen (the
   * upload tab prints the transcript's document row).
   */
  readonly printValue?: string;
  readonly children: readonly C[];
  /** Answer keys cleared when this tab is chosen. */
  readonly clears: readonly string[];
}

/** Choice stored per tab group id (PUT /api/tabs {tab_id, chosen_tab}); anonymous visitors see only the default tab. */
export interface TabGroupNode<C extends FormNode = FormNode> {
  readonly kind: 'tabGroup';
  readonly id: string;
  readonly label: string;
  /** What the group's printed row is called, where the label on screen is a prompt. */
  readonly printLabel?: string;
  readonly defaultTab: string;
  readonly tabs: readonly Tab<C>[];
}

/**
 * Repeated blocks; the count is stored per button id (PUT /api/add-another {button_id, num_components}),
 * starts at 1, never above `max` (itself never above 10). Block i is shown when i < count.
 */
export interface AddAnotherNode<C extends FormNode = FormNode> {
  readonly kind: 'addAnother';
  readonly buttonId: string;
  /** Used in "Add Another {label}" and "Error adding another {label}". */
  readonly label: string;
  readonly max: number;
  readonly blocks: readonly (readonly C[])[];
}

export type FormNode = Question | ContentNode | ConditionalNode | ConditionGroupNode | TriggerNode | TabGroupNode | AddAnotherNode;

export interface Section<C extends FormNode = FormNode> {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly children: readonly C[];
}

export interface Page {
  readonly id: PageId;
  /** 1-based position in the left navigation. */
  readonly number: number;
  readonly path: '/about' | '/education-ug' | '/final-steps';
  readonly title: string;
  readonly sections: readonly Section[];
}

/** Visible state that is not an answer: tab choices, add-another counts, fired triggers. */
export interface FormContext {
  /** Tab group id -> chosen tab id; missing means the default tab (always so for anonymous visitors). */
  readonly tabs?: Readonly<Record<string, string>>;
  /** Button id -> count; missing means max(1, last block holding an answer). */
  readonly addAnother?: Readonly<Record<string, number>>;
  /** Trigger id -> fired. */
  readonly triggers?: Readonly<Record<string, boolean>>;
}

export interface ValidateOptions extends FormContext {
  /** Date rules (birth date, mailing window) are relative to this. Default: new Date(). */
  readonly now?: Date;
}

/** File to check before upload. */
export interface FileCandidate {
  readonly name: string;
  readonly size: number;
}

export interface Link {
  readonly label: string;
  readonly url: string;
}

/**
 * Words the institution writes in its configuration file (institutions/*.yaml), in its language.
 * A field the schema types `$defs/text` may carry a value per language there (issue 41): compiled,
 * it is still these words, which the office, the SIS, the e-mails and the PDF read; the applicant's
 * pages find the other languages' values by them in `InstitutionSections.translations`
 * (form/institution-text.ts).
 */
export type InstitutionText = string;

/**
 * A time-boxed announcement (the welcome page's banners). Dates are YYYY-MM-DD on the
 * institution's calendar, or MM-DD for one that comes back every year (a window may run over the
 * new year): shown from `from` (inclusive) until `until` (exclusive).
 */
export interface DeadlineBanner {
  readonly id: string;
  readonly message: InstitutionText;
  readonly from: string;
  readonly until: string;
  readonly urgent: boolean;
}

/** A logo or favicon of the web build: its address there, and for a logo its size in CSS pixels. */
export interface BrandImage {
  /** Where the web build serves it (/brand/<name>-<hash>.<ext>). */
  readonly src: string;
  /** The file's name in the web build's brand/ folder and in the render function's bundle. */
  readonly file: string;
  readonly mediaType: 'image/svg+xml' | 'image/png' | 'image/x-icon';
  readonly width: number;
  readonly height: number;
}

/** An entry term that comes back every year: stored as <year><code> (2027FA), shown as "<label> <year>". */
export interface TermKind {
  readonly code: string;
  readonly label: InstitutionText;
  /** MM-DD: the day the term begins. */
  readonly starts: string;
}

export interface EntryTermsConfig {
  /** The year's terms in calendar order of their start. */
  readonly terms: readonly TermKind[];
}

/**
 * A round of a cycle (Early Action, Early Decision, Regular Decision): its deadline on the
 * institution's clock, the late window after it, whether it binds, and when its decisions come
 * and must be answered (issue 37; the rules are form/timetable.ts's).
 */
export interface RoundConfig {
  /** Short and stable (stored on every application that chose it): `ea`, `ed`, `rd`. */
  readonly id: string;
  readonly label: InstitutionText;
  /** YYYY-MM-DD: the day of the deadline, in the institution's time zone. */
  readonly deadline: string;
  /** HH:MM (24-hour): the deadline's time of day; 23:59 when absent. */
  readonly deadlineTime?: string;
  /** Days after the deadline in which an application is still accepted, and marked late; none when absent. */
  readonly lateDays?: number;
  /** Early decision: the applicant must tick the binding agreement to submit. */
  readonly binding?: boolean;
  /** YYYY-MM-DD: when the round's decisions are released (the office's plan; shown to applicants). */
  readonly decisionDate: string;
  /** YYYY-MM-DD: the last day an offer of this round can be answered; the daily sweep declines it after. */
  readonly replyBy: string;
  /** Blind reading: a reader or decider sees no other review of the round's applications until they have submitted their own (docs/cycles.md). */
  readonly blindReading?: boolean;
}

/** One admission cycle (one year's applications): its entry terms, the day it opens, its rounds in deadline order. */
export interface CycleConfig {
  /** Short and stable (stored with every application of the cycle): `2027`. */
  readonly id: string;
  /** "2026–27", shown to applicants and staff. */
  readonly label: InstitutionText;
  /** YYYY-MM-DD: the first day applications of this cycle can be written (00:00 on the institution's clock). */
  readonly opens: string;
  /** The stored codes of the terms its applicants may enter (2027FA, 2028SP), kinds from application.entryTerms.terms: the entry-term question offers these and the save accepts no other. */
  readonly entryTerms: readonly string[];
  readonly rounds: readonly RoundConfig[];
}

/** A major with its concentrations, as the configuration file lists it. */
export interface MajorConfig {
  readonly code: string;
  readonly label: InstitutionText;
  readonly concentrations?: readonly { readonly code: string; readonly label: InstitutionText }[];
}

/**
 * The institution's configuration file, compiled (config/compile.ts): its sections as every
 * consumer reads them. The web build and the Lambda bundles get each section as a constant
 * (a bundler define of `globalThis.__INSTITUTION__.<section>`), the local stack, the CDK app and
 * the tests put the whole object on `globalThis` before the form's modules load
 * (config/install.ts). Only form/institution*.ts read it, each section once.
 */
export interface InstitutionSections {
  readonly identity: {
    readonly name: string;
    readonly abbreviation: string;
    readonly applicationTitle: InstitutionText;
    readonly timeZone: string;
    readonly address: InstitutionConfig['address'];
    readonly phone: string;
    readonly helpEmail: string;
    readonly website: string;
    readonly privacyPolicyUrl: string;
  };
  readonly brand: {
    readonly logo: BrandImage;
    readonly favicon: BrandImage;
    readonly colors: BrandColors;
  };
  readonly mail: MailConfig;
  readonly application: {
    readonly freeTextLimit: number;
    readonly pdfPages: readonly PageId[];
    readonly majors: readonly MajorConfig[];
    readonly entryTerms: EntryTermsConfig;
  };
  readonly welcome: WelcomeConfig;
  /** The timetable: the cycles in the order they open (issue 37). */
  readonly cycles: readonly CycleConfig[];
  readonly afterSubmission: { readonly nextSteps: InstitutionText; readonly checklist: readonly ChecklistItem[] };
  readonly recommendations: InstitutionConfig['recommendations'];
  readonly review: { readonly rubric: readonly ReviewCriterionConfig[] };
  /** Who reads which submitted application, how many reads it needs, when two reads go to the committee (issue 39). */
  readonly reading: ReadingConfig;
  readonly decisions: DecisionsConfig;
  readonly retention: RetentionConfig;
  readonly links: { readonly testAgencies: readonly Link[]; readonly financialAid: Link };
  readonly statements: StatementsConfig;
  /**
   * The file's texts in the other languages, a table per language keyed by the institution-language
   * words (form/institution-text.ts); each language a define of its own, so a page carries only its language's.
   */
  readonly translations: Readonly<Partial<Record<LanguageCode, TextTable>>>;
  /**
   * The few of those texts the Lambdas say (issue 41): the institution's name, the application's
   * title, the e-mails' sender name and signature, the cycles' and rounds' labels, by the same
   * English words (form/institution-server-texts.ts). Not the whole tables: every applicant
   * route's bundle carries these.
   */
  readonly serverTexts: Readonly<Partial<Record<LanguageCode, TextTable>>>;
}

declare global {
  // Read only by form/institution*.ts; see InstitutionSections.
  var __INSTITUTION__: InstitutionSections;
}

/** The three brand colours; the site derives its palette from them (config/brand.ts). */
export interface BrandColors {
  /** Header, buttons, links: white text sits on it and it sits on white as text. */
  readonly primary: string;
  /** Accent borders (the current page, notices): not text, 3:1 against white. */
  readonly accent: string;
  /** Body text on white and on the page background. */
  readonly text: string;
}

/** The product's e-mails: the sender's display name and the signature each ends with. */
export interface MailConfig {
  readonly senderName: string;
  /** One or more lines. */
  readonly signature: InstitutionText;
  /** Mailings the office may start in a day (issue 40); 5 when absent. */
  readonly mailingsPerDay?: number;
  /** The automatic reminders the daily sweep sends (issue 40, item 4); a kind absent is not sent. Their words are Settings' e-mails. */
  readonly reminders?: ReminderDays;
}

/** Each reminder's N days; lambdas/domain/messages/reminders.ts says when each is due. */
export interface ReminderDays {
  /** To applications still in progress, this many days before their round's deadline. */
  readonly deadline?: number;
  /** To submitted applications still missing materials this many days after their submission. */
  readonly materials?: number;
  /** To admitted applicants who have not replied, this many days before their reply-by date. */
  readonly reply?: number;
}

/** The welcome panel's words and the announcements above the form. */
export interface WelcomeConfig {
  /** What the institution promises a visitor who has not signed in (the first panel). */
  readonly promises: InstitutionText;
  /** What a submitted applicant reads in the panel: their last steps. */
  readonly submitted: InstitutionText;
  readonly announcements: readonly {
    readonly id: string;
    readonly text: InstitutionText;
    readonly from: string;
    readonly until: string;
    readonly urgent: boolean;
  }[];
}

/** The statement pages the institution publishes (/accessibility, /privacy, /terms). */
export interface StatementsConfig {
  readonly accessibility: {
    /** Where a person reports an accessibility problem. */
    readonly contact: string;
    /** Parts known not to meet the standard yet, each in a sentence; none: an empty list. */
    readonly exceptions: readonly InstitutionText[];
    /** YYYY-MM-DD: when the statement was last reviewed. */
    readonly reviewed: string;
  };
  readonly privacy: {
    /** Who answers questions about personal data (a data-protection officer's address). */
    readonly contact: string;
    /** Who else receives applicants' data and why, each in a sentence; none: an empty list. */
    readonly sharedWith: readonly InstitutionText[];
  };
  readonly terms: {
    /** The terms of use; a blank line starts a new paragraph. */
    readonly text: InstitutionText;
    /** YYYY-MM-DD: when they last changed. */
    readonly updated: string;
  };
}

/** White-label configuration: built from the institution's configuration file (form/institution.ts). */
export interface InstitutionConfig {
  readonly name: string;
  readonly abbreviation: string;
  readonly applicationTitle: InstitutionText;
  /**
   * IANA time zone of the institution (e.g. 'America/Chicago'): the printed submission time and
   * the day the entry terms roll over are read on its clock, the same in the browser and the server.
   */
  readonly timeZone: string;
  /** Character limit of free-text areas (default textarea limit is 1500). */
  readonly freeTextLimit: number;
  readonly address: {
    readonly lines: readonly string[];
    readonly city: string;
    readonly state: string;
    readonly zip: string;
  };
  readonly phone: string;
  readonly helpEmail: string;
  /** The institution's own web site. */
  readonly website: string;
  /** The logo of the site header and the application PDF (its name is its text alternative). */
  readonly logo: BrandImage;
  readonly links: {
    readonly testAgencies: readonly Link[];
    readonly financialAid: Link;
    readonly privacyPolicy: Link;
  };
  /** Options of entry_term offered at `now`: the entry terms of the cycle an application written then belongs to (value stored, label in entry_term_desc). */
  readonly entryTermsOn: (now: Date) => readonly AnswerOption[];
  /** Today's options of entry_term: `entryTermsOn(new Date())`, computed when read. */
  readonly entryTerms: readonly AnswerOption[];
  /** Options of applied_major. */
  readonly majors: readonly AnswerOption[];
  /** Options of applied_concentration per applied_major value (majors without an entry have none). */
  readonly concentrations: Readonly<Record<string, readonly AnswerOption[]>>;
  /** Pages printed into the PDF, in order. */
  readonly pdfPages: readonly PageId[];
  /** The materials the status page lists (what happens next is officeTexts.nextSteps()). */
  readonly afterSubmission: AfterSubmissionConfig;
  /** Letters of recommendation: how many teachers besides the one counselor, and how long a recommender's link lives. */
  readonly recommendations: {
    readonly maxTeachers: number;
    readonly linkDays: number;
  };
}

/** Policies of the institution's configuration (form/institution-policies.ts). */
export interface InstitutionPolicies {
  /** What a review asks: each criterion is scored 1–5 (GET /staff/api/review-form). */
  readonly reviewRubric: readonly ReviewCriterionConfig[];
  /** Decision letters and the reply (docs/decisions-lifecycle.md). */
  readonly decisions: DecisionsConfig;
  /** How long the system keeps what applicants give it (the privacy dialog states it; docs/data-rights.md). */
  readonly retention: RetentionConfig;
}

export interface RetentionConfig {
  /** An account never submitted is deleted this many days after its last sign-in. */
  readonly unsubmittedDays: number;
  /** A submitted application is erased this many days after submission. */
  readonly submittedDays: number;
  /** The applicant is e-mailed this many days before their unsubmitted account is deleted. */
  readonly warnDays: number;
}

/** One assignment rule: the first rule an application matches names its readers (form/reading.ts). */
export type AssignmentRule =
  | { readonly by: 'major'; readonly majors: readonly string[]; readonly readers: readonly string[] }
  | { readonly by: 'state'; readonly states: readonly string[]; readonly readers: readonly string[] }
  | { readonly by: 'lastName'; readonly from: string; readonly to: string; readonly readers: readonly string[] }
  | { readonly by: 'roundRobin'; readonly readers: readonly string[] };

/** The reading section of the configuration file (docs/white-label.md). */
export interface ReadingConfig {
  /** Reads each application needs before it is decided: 1 or 2. */
  readonly readsRequired: 1 | 2;
  /** Two reads whose total scores are more than this apart go to the committee. */
  readonly committeeScoreGap: number;
  /** In order: the first that matches assigns; none matching leaves the application open to any reader. */
  readonly assignments: readonly AssignmentRule[];
}

export interface ReviewCriterionConfig {
  /** Stored with the scores: lower-case letters, digits and underscores. Never rename one in use. */
  readonly key: string;
  readonly label: InstitutionText;
  readonly help: InstitutionText;
}

/**
 * Letters are the institution's words: `{first_name}`, `{entry_term}`, `{major}`, `{reply_by}`
 * (the date in words) and `{institution}` are filled in; a blank line starts a new paragraph.
 */
export interface DecisionLetterTemplate {
  readonly title: InstitutionText;
  readonly text: InstitutionText;
}

export interface DecisionsConfig {
  /**
   * The last day (YYYY-MM-DD, the institution's time zone) an admit or waitlist reply is accepted;
   * absent: no limit. An offer for a term that begins on or before it is answered by the day
   * before the term begins instead (lambdas/domain/releases/reply-by.ts).
   */
  readonly replyBy?: string;
  /** The letters' signature block: the closing, who signs and their title. */
  readonly signature: LetterSignature;
  /**
   * A letter's paragraphs that name `{reply_by}` ask for the reply: once the applicant has replied
   * they are left out of the letter (page and PDF), and the reply made takes their place.
   */
  readonly letters: Readonly<Record<'admit' | 'deny' | 'waitlist' | 'defer', DecisionLetterTemplate>>;
  /**
   * What happens after each reply, in a sentence or two with whom to contact (the enrolment step
   * and its deposit, the waitlist's timetable): the status page and the reply's confirmation e-mail.
   */
  readonly afterReply: Readonly<Record<'accept' | 'decline' | 'join_waitlist', string>>;
}

export interface LetterSignature {
  /** "Sincerely," */
  readonly closing: InstitutionText;
  readonly name: string;
  readonly title: InstitutionText;
}

export interface AfterSubmissionConfig {
  /** The materials the status page lists, in order. */
  readonly checklist: readonly ChecklistItem[];
}

/**
 * One material of the status page's checklist. It is received when its document question holds a
 * converted file; otherwise the answers decide whether it is awaited, sent by someone else, or
 * not required. Every key named here is checked against the form model by a unit test.
 */
export interface ChecklistItem {
  readonly id: string;
  readonly label: InstitutionText;
  /** The document question whose file is this material. */
  readonly document?: string;
  /** Required only when this question is answered with one of `values` (else not required). */
  readonly requiredWhen?: { readonly question: string; readonly values: readonly string[] };
  /** A material the applicant may leave out: not required until a file arrives. */
  readonly optional?: boolean;
  /** Choosing this tab means someone else sends the material: awaited, with this note. */
  readonly sentByOthersWhen?: { readonly tabGroup: string; readonly tab: string; readonly note: InstitutionText };
  /** What the applicant reads while the material is awaited. */
  readonly awaitingNote?: InstitutionText;
  /** The applicant may still upload it from the status page after submitting (a document item only). */
  readonly acceptedAfterSubmission?: boolean;
}
