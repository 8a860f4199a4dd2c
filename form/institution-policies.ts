/**
 * The institution's policies the office and the server apply: how long what applicants give is
 * kept, what a review asks, the decision letters with their reply-by date, and what happens after
 * each reply. Part of the institution's configuration (form/institution.ts is the rest), kept
 * apart so that none of it weighs on the applicant's first load: the browser reads the letters
 * and the next step from GET /api/decision, the retention words only in the Privacy dialog, which
 * loads when it opens.
 */
import type { InstitutionPolicies } from './types';

export const policies: InstitutionPolicies = {
  retention: { unsubmittedDays: 400, submittedDays: 2555, warnDays: 14 },
  reviewRubric: [
    { key: 'academic_preparation', label: 'Academic preparation', help: 'Grades, rigor of courses taken and, where sent, test scores.' },
    { key: 'personal_qualities', label: 'Personal qualities', help: 'Character, initiative and resilience shown in the activities, essays and letters.' },
    { key: 'contribution', label: 'Contribution to the campus', help: 'What the applicant would bring to the university community.' },
  ],
  decisions: {
    replyBy: '2027-05-01',
    letters: {
      admit: {
        title: 'Congratulations!',
        text: 'Dear {first_name},\n\nCongratulations! It is our pleasure to offer you admission to {institution} for {entry_term}, to study {major}.\n\nPlease tell us whether you accept the offer by {reply_by}, on this page.',
      },
      deny: {
        title: 'Your admission decision',
        text: 'Dear {first_name},\n\nThank you for applying to {institution}. We read your application with care, and we are sorry that we cannot offer you admission for {entry_term}.\n\nWe wish you every success in your studies.',
      },
      waitlist: {
        title: 'Your place on the waitlist',
        text: 'Dear {first_name},\n\nThank you for applying to {institution}. We cannot offer you admission for {entry_term} yet, but we would like to offer you a place on our waitlist for {major}.\n\nTell us by {reply_by}, on this page, whether you would like to join the waitlist.',
      },
      defer: {
        title: 'Your application has been deferred',
        text: 'Dear {first_name},\n\nThank you for applying to {institution}. We have deferred our decision on your application for {entry_term} and will consider it again with the applications of the regular round.\n\nYou do not need to do anything now; we will write to you when there is an update.',
      },
    },
    afterReply: {
      accept:
        'Welcome! Within two weeks we will e-mail you the enrolment steps: your student account, the $200 enrolment deposit (due within 30 days) and orientation. Questions about enrolling: enrol@example.edu or (217) 555-0110.',
      decline:
        'We have released your place. Thank you for considering Example State University; if you change your mind before the term begins, write to apply-help@example.edu.',
      join_waitlist:
        'You are on the waitlist. If a place opens we will write to you by e-mail; you need not do anything until then. Questions: apply-help@example.edu.',
    },
  },
};
