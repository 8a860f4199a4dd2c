/**
 * The tenant data model: every answer key the institution stores, written out
 * independently of the pages so the developer checks can compare the two: the compiler compares
 * the keys as types (`DataModelKey` against the pages' `AnswerKey`, answer-key.test.ts), the
 * developer checks compare the lists at run time.
 */
import { LABEL_SUFFIX } from './contract';

/** An address's keys, as the permanent address has them (the mailing and parents' addresses are prefixed). */
export const ADDRESS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'] as const;
/** The high school attended, as the academics page asks it (carried over to a later application too: carry-over.ts). */
export const SCHOOL_KEYS = [
  'hs_ceeb',
  'hs_name',
  'hs_address_line_1',
  'hs_city',
  'hs_state',
  'hs_zip',
  'hs_country',
  'grad_month',
  'grad_year',
  'ged_earned',
] as const;
const PARENT = ['relationship', 'prefix', 'first_name', 'last_name', 'email', 'phone_type', 'addr_same_as_perm_addr', ...ADDRESS] as const;

/** `prefix` before each key, keeping the literal types (a template map the compiler cannot follow alone). */
const prefixed = <P extends string, K extends string>(prefix: P, keys: readonly K[]) => keys.map((k) => `${prefix}${k}` as const);

const FIELDS = [
  // about
  'first_name',
  'middle_name',
  'last_name',
  'suffix',
  'preferred_name',
  'birth_date',
  'gender',
  'phone_home',
  'phone_mobile',
  'optin_sms_ind',
  'emergency_contact_name',
  'phone_emergency',
  ...ADDRESS,
  'mailing_addr_same_as_perm_addr',
  ...prefixed('mailing_', ADDRESS),
  'mailing_addr_effective_date',
  ...prefixed('parent_', PARENT),
  'phone_parent',
  ...prefixed('parent_2_', PARENT),
  'phone_2_parent',
  'citizenship_type',
  'citizenship_country',
  'citizenship_visa_status',
  'alien_registration_number',
  'ethnicity',
  'race_american_indian',
  'race_asian',
  'race_black',
  'race_native_hawaiian',
  'race_white',
  // education-ug
  'entry_term',
  'applied_major',
  'applied_concentration',
  'first_gen_student',
  ...SCHOOL_KEYS,
  'hs_gpa',
  'counselor_first_name',
  'counselor_last_name',
  'counselor_email_address',
  'test_optional',
  'sat_taken',
  'sat_plan_month',
  'sat_plan_year',
  'sat_taken_unsure',
  'sat_score_reading_writing',
  'sat_score_math',
  'act_taken',
  'act_score_composite',
  'act_score_english',
  'act_score_math',
  'act_score_reading',
  'act_score_science',
  'act_plan_month',
  'act_plan_year',
  'act_taken_unsure',
  'activity_name',
  'activity_2_name',
  'activity_3_name',
  'activity_4_name',
  // final-steps
  'conviction',
  'conviction_comment',
  'suspended',
  'suspended_comment',
  'counselor_waiver_request',
  'application_round',
  'binding_agree',
  'legal_agree',
] as const;

export const DATA_MODEL_FIELDS: readonly string[] = FIELDS;

const PARENT_DESC = ['relationship', 'prefix', 'phone_type', 'addr_same_as_perm_addr', 'state', 'country'] as const;

const DESC = [
  'suffix',
  'gender',
  'state',
  'country',
  'mailing_addr_same_as_perm_addr',
  'mailing_state',
  'mailing_country',
  ...prefixed('parent_', PARENT_DESC),
  ...prefixed('parent_2_', PARENT_DESC),
  'citizenship_type',
  'citizenship_country',
  'citizenship_visa_status',
  'ethnicity',
  'entry_term',
  'applied_major',
  'applied_concentration',
  'first_gen_student',
  'hs_state',
  'hs_country',
  'grad_month',
  'grad_year',
  'ged_earned',
  'test_optional',
  'sat_taken',
  'sat_plan_month',
  'sat_plan_year',
  'act_taken',
  'act_plan_month',
  'act_plan_year',
  'conviction',
  'suspended',
  'counselor_waiver_request',
  'application_round',
] as const;

/** Select and radio answers (and month/year parts) that store their label under {key}_desc. */
export const DESC_FIELDS: readonly string[] = DESC;

/** Every key of the data model as a type, _desc companions included. */
export type DataModelKey = (typeof FIELDS)[number] | `${(typeof DESC)[number]}_desc`;

/** Where a select or radio answer's chosen label is stored: the `_desc` companion beside it. */
export const descKey = (key: string): string => `${key}${LABEL_SUFFIX}`;

/** Every answer key, _desc companions included. */
export const allAnswerKeys: readonly string[] = [...DATA_MODEL_FIELDS, ...DESC_FIELDS.map(descKey)];

/** Answers stored as 'true' / 'false'. */
export const BOOLEAN_FIELDS: readonly string[] = [
  'optin_sms_ind',
  'race_american_indian',
  'race_asian',
  'race_black',
  'race_native_hawaiian',
  'race_white',
  'sat_taken_unsure',
  'act_taken_unsure',
  'binding_agree',
  'legal_agree',
];
