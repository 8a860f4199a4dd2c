import { addAnother, checkbox, checkboxGroup, conditionGroups, content, date, dropdown, hiddenWhen, phone, radio, text, trigger } from '../build';
import { PAGE_PATH } from '../contract';
import type { Page } from '../types';
import { MESSAGES as M } from '../validation/messages';
import { addressFields, addressKeys } from './address';

/** Required, with the spec's message for a required field: its label. */
const req = { required: true };

/** Either phone satisfies the rule; the pair states it once, so neither looks required alone. */
const homeOrCell = {
  id: 'home_or_cell_phone',
  label: 'Home phone or cell phone',
  hint: 'Enter at least one: a home phone, a cell phone, or both.',
  message: M.phoneEither,
};

/**
 * Parent 1 keys are parent_*, parent 2 keys parent_2_*; the phone keys break the pattern (the data model names them so).
 * The print has no block headings, so each printed row names its parent ("Parent/Guardian 2 First Name").
 */
function parentBlock(n: 1 | 2) {
  const p = n === 1 ? 'parent_' : 'parent_2_';
  const phoneKey = n === 1 ? 'phone_parent' : 'phone_2_parent';
  const whose = `Parent/Guardian ${n} `;
  const printed = (label: string) => ({ printLabel: `${whose}${label}` });
  return [
    content(`${p}heading`, `Parent/Guardian ${n}`, 'heading'),
    dropdown(`${p}relationship`, 'Relationship', printed('Relationship')),
    dropdown(`${p}prefix`, 'Prefix', printed('Prefix')),
    text(`${p}first_name`, 'First Name', printed('First Name')),
    text(`${p}last_name`, 'Last Name', printed('Last Name')),
    text(`${p}email`, 'Email Address', { maxLength: 100, autoComplete: 'off', ...printed('Email Address') }),
    phone(phoneKey, 'Phone Number', printed('Phone Number')),
    radio(`${p}phone_type`, 'Phone Type', printed('Phone Type')),
    radio(`${p}addr_same_as_perm_addr`, 'Is this address the same as your permanent address?', printed("Address Same as Applicant's Permanent Address")),
    hiddenWhen(
      `${p}address`,
      { valueKey: `${p}addr_same_as_perm_addr`, operator: 'notEquals', target: 'N' },
      addressFields(addressKeys(p), { required: false, printPrefix: whose }),
    ),
  ];
}

export const aboutPage = {
  id: 'about',
  number: 1,
  path: PAGE_PATH.about,
  title: 'About You',
  sections: [
    {
      id: 'personal',
      title: 'Personal Information',
      children: [
        text('first_name', 'First Name', { ...req, autoComplete: 'given-name' }),
        text('middle_name', 'Middle Name', { autoComplete: 'additional-name' }),
        text('last_name', 'Last Name', { ...req, autoComplete: 'family-name' }),
        dropdown('suffix', 'Suffix'),
        trigger('preferred_name_trigger', 'button', 'Add a preferred name', {
          before: [content('preferred_name_before', 'Do you go by a name other than your first name?')],
          after: [text('preferred_name', 'Preferred Name', { autoComplete: 'nickname' })],
        }),
        date('birth_date', 'Date of Birth', { required: M.birthDateRequired }),
        radio('gender', 'Gender', req),
      ],
    },
    {
      id: 'contact',
      title: 'Contact Information',
      children: [
        phone('phone_home', 'Home Phone', { oneOf: homeOrCell }),
        phone('phone_mobile', 'Cell Phone', { oneOf: homeOrCell }),
        checkbox('optin_sms_ind', 'Yes, send text message updates about my application to my cell phone.', {
          printLabel: 'Text Message Updates',
        }),
        text('emergency_contact_name', 'Emergency Contact Name'),
        phone('phone_emergency', 'Emergency Contact Phone', { required: M.phoneEmergencyRequired }),
      ],
    },
    {
      id: 'permanent_address',
      title: 'Permanent Address',
      children: addressFields(addressKeys(''), { required: true }),
    },
    {
      id: 'mailing_address',
      title: 'Mailing Address',
      children: [
        radio('mailing_addr_same_as_perm_addr', 'Is your mailing address the same as your permanent address?', {
          printLabel: 'Mailing Address Same as Permanent Address',
        }),
        hiddenWhen('mailing_address', { valueKey: 'mailing_addr_same_as_perm_addr', operator: 'notEquals', target: 'N' }, [
          ...addressFields(addressKeys('mailing_'), { required: false, labelPrefix: 'Mailing ' }),
          date('mailing_addr_effective_date', 'When does this mailing address take effect?', {
            printLabel: 'Mailing Address Effective Date',
          }),
        ]),
      ],
    },
    {
      id: 'parents',
      title: 'Parent/Guardian Information',
      children: [addAnother('parents', 'Parent/Guardian', 2, [parentBlock(1), parentBlock(2)])],
    },
    {
      id: 'citizenship',
      title: 'Citizenship',
      children: [
        radio('citizenship_type', 'Citizen Type', req),
        hiddenWhen('citizenship_country_block', { valueKey: 'citizenship_type', operator: 'notIn', target: ['PR', 'NR'] }, [
          dropdown('citizenship_country', 'Country of Citizenship'),
        ]),
        conditionGroups('citizenship_details', [
          {
            id: 'permanent_resident',
            when: { valueKey: 'citizenship_type', operator: 'equals', target: 'PR' },
            children: [text('alien_registration_number', 'Alien Registration Number (A-Number)', { maxLength: 11 })],
          },
          {
            id: 'international',
            when: { valueKey: 'citizenship_type', operator: 'equals', target: 'NR' },
            children: [dropdown('citizenship_visa_status', 'Current or Intended Visa Status')],
          },
        ]),
      ],
    },
    {
      id: 'ethnicity',
      title: 'Ethnicity and Race',
      children: [
        radio('ethnicity', 'Do you consider yourself Hispanic or Latino?', { printLabel: 'Hispanic or Latino' }),
        checkboxGroup(
          'race',
          'Regardless of your answer above, how do you identify yourself? (Select all that apply.)',
          [
            { yupValueKey: 'race_american_indian', label: 'American Indian or Alaska Native' },
            { yupValueKey: 'race_asian', label: 'Asian' },
            { yupValueKey: 'race_black', label: 'Black or African American' },
            { yupValueKey: 'race_native_hawaiian', label: 'Native Hawaiian or Other Pacific Islander' },
            { yupValueKey: 'race_white', label: 'White' },
          ],
          { printLabel: 'Race' },
        ),
      ],
    },
  ],
} satisfies Page;
