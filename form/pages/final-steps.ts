import { checkbox, hiddenWhen, radio, textarea } from '../build';
import { PAGE_PATH } from '../contract';
import { institution } from '../institution';
import { BINDING_ROUND_IDS } from '../rounds';
import type { Page } from '../types';

/** Required, with the spec's message for a required field: its label. */
const req = { required: true };

export const LEGAL_AGREE_LABEL =
  'I certify that the information on this application is complete and correct to the best of my knowledge. ' +
  'I understand that false or incomplete information may be grounds for denying or cancelling my admission.';

export const CONVICTION_COMMENT_LABEL = 'You answered Yes to having been convicted of a felony. Please explain.';
export const SUSPENDED_COMMENT_LABEL = 'You answered Yes to having been suspended from any school. Please explain.';

export const ROUND_LABEL = 'Which round are you applying in?';
export const BINDING_AGREE_LABEL =
  `I am applying in a binding round. If ${institution.name} admits me, I will enroll, ` +
  'and I will withdraw the applications I have made to other colleges and universities.';

export const finalStepsPage = {
  id: 'final-steps',
  number: 3,
  path: PAGE_PATH['final-steps'],
  title: 'Final Steps',
  sections: [
    {
      id: 'conduct',
      title: 'Conduct',
      children: [
        radio('conviction', 'Have you been convicted of a felony?', { ...req, printLabel: 'Felony Conviction' }),
        hiddenWhen('conviction_details', { valueKey: 'conviction', operator: 'notEquals', target: 'Y' }, [
          textarea('conviction_comment', CONVICTION_COMMENT_LABEL, {
            ...req,
            maxLength: institution.freeTextLimit,
            printLabel: 'Felony Conviction Explanation',
          }),
        ]),
        radio('suspended', 'Have you been suspended from any school?', { ...req, printLabel: 'School Suspension' }),
        hiddenWhen('suspended_details', { valueKey: 'suspended', operator: 'notEquals', target: 'Y' }, [
          textarea('suspended_comment', SUSPENDED_COMMENT_LABEL, {
            ...req,
            maxLength: institution.freeTextLimit,
            printLabel: 'School Suspension Explanation',
          }),
        ]),
      ],
    },
    {
      id: 'waiver',
      title: 'Recommendation Waiver',
      children: [
        radio('counselor_waiver_request', 'I waive my right to review or access letters and statements of recommendation written on my behalf.', {
          ...req,
          printLabel: 'Right to Review Recommendations Waived',
        }),
      ],
    },
    {
      id: 'round',
      title: 'Application Round',
      // Asked while there is a choice of round or an agreement to sign (form/rounds.ts); else the
      // submission records the one round open.
      children: [
        radio('application_round', ROUND_LABEL, { ...req, printLabel: 'Application Round' }),
        hiddenWhen('binding_agreement', { valueKey: 'application_round', operator: 'notIn', target: BINDING_ROUND_IDS }, [
          checkbox('binding_agree', BINDING_AGREE_LABEL, req),
        ]),
      ],
    },
    {
      id: 'certification',
      title: 'Certification',
      // The statement itself is what was certified: it prints as written, beside its [X].
      children: [checkbox('legal_agree', LEGAL_AGREE_LABEL, req)],
    },
  ],
} satisfies Page;
