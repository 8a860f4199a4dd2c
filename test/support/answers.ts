import { institution } from '#form/institution';
/** A complete, valid application (as of the current date) for journeys, submit tests and load tests. */
export function completeApplication(now: Date = new Date()): Record<string, string> {
  const birthYear = now.getFullYear() - 17;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'F',
    gender_desc: 'Female',
    birth_date: `${birthYear}-05-01`,
    phone_mobile: '(212) 555-0100',
    emergency_contact_name: 'Anne Isabella Milbanke',
    phone_emergency: '(212) 555-0101',
    address_line_1: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    state_desc: 'Illinois',
    zip: '62701',
    country: 'USA',
    country_desc: 'United States',
    mailing_addr_same_as_perm_addr: 'Y',
    mailing_addr_same_as_perm_addr_desc: 'Yes',
    citizenship_type: 'US',
    entry_term: institution.entryTerms[0]!.value,
    entry_term_desc: institution.entryTerms[0]!.label,
    applied_major: 'CS',
    applied_major_desc: 'Computer Science',
    hs_name: 'Springfield High School',
    test_optional: 'N',
    test_optional_desc: 'No',
    conviction: 'N',
    conviction_desc: 'No',
    suspended: 'N',
    suspended_desc: 'No',
    counselor_waiver_request: 'Y',
    counselor_waiver_request_desc: 'Yes',
    legal_agree: 'true',
  };
}
