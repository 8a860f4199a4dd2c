import { checkbox, hiddenWhen, radio, textarea } from '../build';
import { PAGE_PATH } from '../contract';
import { institution } from '../institution';
import type { Page } from '../types';

/** Required, with the spec's message for a required field: its label. */
const req = { required: true };

export const LEGAL_AGREE_LABEL =
  'I certify that the information on this application is complete and correct to the best of my knowledge. ' +
  'I understand that false or incomplete information may be grounds for denying or cancelling my admission.';

export const CONVICTION_COMMENT_LABEL = 'You answered Yes to having been convicted of a felony. Please explain.';
export const SUSPENDED_COMMENT_LABEL = 'You answered Yes to having been suspended from any school. Please explain.';

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
      id: 'certification',
      title: 'Certification',
      // The statement itself is what was certified: it prints as written, beside its [X].
      children: [checkbox('legal_agree', LEGAL_AGREE_LABEL, req)],
    },
  ],
} satisfies Page;
