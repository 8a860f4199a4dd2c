/**
 * What a returning applicant's next application starts with (issue 37, applying again): the
 * answers that do not change from one year to the next (name, birth date, contact, address,
 * schools attended), each with its stored label. The round, entry term, major, essays,
 * certifications and uploads are the new year's to give, so they are not carried over.
 */
import { LABEL_SUFFIX } from './contract';
import { ADDRESS, SCHOOL_KEYS, type DataModelKey } from './data-model';
import type { Answers } from './types';

export const CARRIED_OVER_KEYS: readonly DataModelKey[] = [
  // name and birth date
  'first_name',
  'middle_name',
  'last_name',
  'suffix',
  'preferred_name',
  'birth_date',
  // contact
  'phone_home',
  'phone_mobile',
  'optin_sms_ind',
  'emergency_contact_name',
  'phone_emergency',
  // address
  ...ADDRESS,
  'mailing_addr_same_as_perm_addr',
  ...ADDRESS.map((k) => `mailing_${k}` as const),
  // schools attended
  ...SCHOOL_KEYS,
];

/** The answers of `previous` the next application starts with, their labels included. */
export function carriedOver(previous: Readonly<Answers>): Answers {
  const carried: Answers = {};
  for (const key of CARRIED_OVER_KEYS) {
    for (const k of [key, `${key}${LABEL_SUFFIX}`]) {
      const value = previous[k];
      if (typeof value === 'string' && value !== '') carried[k] = value;
    }
  }
  return carried;
}
