/**
 * The institution this deployment serves. White-label: another institution edits this object,
 * not the questions or the rules.
 */
import { termsOfTheDay } from './terms';
import type { InstitutionConfig } from './types';

const TIME_ZONE = 'America/Chicago';

export const institution: InstitutionConfig = {
  name: 'Example State University',
  abbreviation: 'ESU',
  applicationTitle: 'Freshman Application',
  timeZone: TIME_ZONE,
  freeTextLimit: 7000,
  address: {
    lines: ['Office of Admissions', '100 University Avenue'],
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  },
  phone: '(217) 555-0100',
  helpEmail: 'apply-help@example.edu',
  links: {
    testAgencies: [
      { label: 'SAT (College Board)', url: 'https://satsuite.collegeboard.org/sat/scores/send-scores' },
      { label: 'ACT', url: 'https://www.act.org/content/act/en/products-and-services/the-act/scores/sending-your-scores.html' },
    ],
    financialAid: { label: 'Financial Aid', url: 'https://studentaid.gov/h/apply-for-aid/fafsa' },
    privacyPolicy: { label: 'Privacy Policy', url: 'https://www.example.edu/privacy' },
  },
  entryTermsOn: termsOfTheDay(TIME_ZONE),
  get entryTerms() {
    return this.entryTermsOn(new Date());
  },
  majors: [
    { value: 'BIO', label: 'Biology' },
    { value: 'BUS', label: 'Business Administration' },
    { value: 'CS', label: 'Computer Science' },
    { value: 'EDU', label: 'Education' },
    { value: 'ENG', label: 'Engineering' },
    { value: 'ENGL', label: 'English' },
    { value: 'HIST', label: 'History' },
    { value: 'NURS', label: 'Nursing' },
    { value: 'PSY', label: 'Psychology' },
    { value: 'UND', label: 'Undecided' },
  ],
  concentrations: {
    BUS: [
      { value: 'ACCT', label: 'Accounting' },
      { value: 'FIN', label: 'Finance' },
      { value: 'MKT', label: 'Marketing' },
    ],
    ENG: [
      { value: 'CE', label: 'Civil Engineering' },
      { value: 'EE', label: 'Electrical Engineering' },
      { value: 'ME', label: 'Mechanical Engineering' },
    ],
    EDU: [
      { value: 'ELEM', label: 'Elementary Education' },
      { value: 'SEC', label: 'Secondary Education' },
    ],
  },
  pdfPages: ['about', 'education-ug', 'final-steps'],
  recommendations: { maxTeachers: 2, linkDays: 60 },
  afterSubmission: {
    nextSteps:
      'The admissions office reviews complete applications in the order they arrive, usually within four weeks. When there is a decision we e-mail you that your status page has an update: the decision and its letter are shown on your status page, which also shows which materials have arrived.',
    checklist: [
      {
        id: 'transcript',
        label: 'High school transcript',
        document: 'hs_transcript',
        sentByOthersWhen: { tabGroup: 'transcript_source', tab: 'counselor', note: 'Your counselor will send it.' },
        awaitingNote: 'Upload it here, or ask your school counselor to send it.',
        acceptedAfterSubmission: true,
      },
      {
        id: 'test_scores',
        label: 'Official test scores (SAT or ACT)',
        requiredWhen: { question: 'test_optional', values: ['Y'] },
        awaitingNote: 'You asked for test scores to be considered: send them from the testing agency.',
      },
      { id: 'resume', label: 'Résumé', document: 'resume', optional: true, acceptedAfterSubmission: true },
    ],
  },
  deadlineBanners: [
    { id: 'jan-15', message: 'Apply by January 15 (to avoid a fee)', from: '2024-12-18', until: '2025-01-16', urgent: false },
    { id: 'mar-1', message: 'Apply by March 1 (to avoid a fee)', from: '2025-02-01', until: '2025-03-02', urgent: false },
    { id: 'apr-15', message: 'Apply by April 15 (to avoid a fee)', from: '2025-03-15', until: '2025-04-16', urgent: false },
    { id: 'may-1', message: 'Urgent: The deadline to apply is May 1!', from: '2025-04-16', until: '2025-05-02', urgent: true },
  ],
};
