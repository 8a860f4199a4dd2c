import { toAnswerFields, toSuggestion, type LookupRecord } from './records';

const record: LookupRecord = {
  id: '391234',
  name: 'Cedar Creek High School',
  address_line_1: '100 School Road',
  address_line_2: '',
  city: 'Erie',
  state: 'PA',
  zip: '16501',
  country: 'USA',
};

describe('lookup record → answer fields', () => {
  it('fills every high-school answer, with _desc labels from the form lists', () => {
    expect(toAnswerFields(record, 'hs_ceeb')).toMatchObject({
      hs_ceeb: '391234',
      hs_name: 'Cedar Creek High School',
      hs_address_line_1: '100 School Road',
      hs_city: 'Erie',
      hs_state: 'PA',
      hs_state_desc: 'Pennsylvania',
      hs_zip: '16501',
      hs_country: 'USA',
      hs_country_desc: 'United States',
    });
  });

  it("also gives the record's own fields, which the form's `fills` maps and `name` labels", () => {
    const fields = toAnswerFields(record, 'hs_ceeb');
    expect(fields).toMatchObject({ id: '391234', name: 'Cedar Creek High School', city: 'Erie', state_desc: 'Pennsylvania', country_desc: 'United States' });
    expect(fields).not.toHaveProperty('hs_address_line_2');
  });

  it('fills college answers under the college_ prefix', () => {
    const fields = toAnswerFields({ ...record, id: '2345', name: 'Cedar Creek College' }, 'college_ceeb');
    expect(fields).toMatchObject({ college_ceeb: '2345', college_name: 'Cedar Creek College', college_state_desc: 'Pennsylvania', college_country: 'USA' });
  });

  it('fills the address answers, labelled by the street line', () => {
    const fields = toAnswerFields({ ...record, id: 'a1', name: '', address_line_2: 'Apt 4' }, 'address');
    expect(fields).toEqual({
      id: 'a1',
      address_line_1: '100 School Road',
      address_line_2: 'Apt 4',
      city: 'Erie',
      state: 'PA',
      state_desc: 'Pennsylvania',
      zip: '16501',
      country: 'USA',
      country_desc: 'United States',
    });
  });

  it('keeps a free-text state outside the countries with a state list', () => {
    const fields = toAnswerFields({ ...record, state: 'Dublin', country: 'IRL' }, 'hs_ceeb');
    expect(fields).toMatchObject({ hs_state: 'Dublin', hs_state_desc: 'Dublin', hs_country_desc: 'Ireland' });
  });

  it('labels Canadian provinces', () => {
    expect(toAnswerFields({ ...record, state: 'ON', country: 'CAN', zip: 'M5V 2T6' }, 'hs_ceeb')).toMatchObject({
      hs_state_desc: 'Ontario',
      hs_country_desc: 'Canada',
    });
  });
});

describe('lookup suggestions', () => {
  it('show a school with its city and state', () => {
    expect(toSuggestion(record, 'hs_ceeb')).toEqual({ text: 'Cedar Creek High School', id: '391234', sub_text: 'Erie, PA' });
  });

  it('name the country outside the United States', () => {
    expect(toSuggestion({ ...record, state: 'ON', country: 'CAN' }, 'hs_ceeb').sub_text).toBe('Erie, ON, Canada');
  });

  it('show an address by street line with city, state and zip', () => {
    expect(toSuggestion({ ...record, id: 'a1' }, 'address')).toEqual({ text: '100 School Road', id: 'a1', sub_text: 'Erie, PA 16501' });
  });
});
