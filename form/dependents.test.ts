import { describe, expect, it } from 'vitest';
import { text, trigger } from './build';
import { applyAnswer, applyAnswers, applyDependentClears, chooseTab } from './dependents';
import { isVisible, visibleKeys, visibleKeysIn } from './visibility';

describe('visibility', () => {
  it.each<[string, Record<string, string>, string, boolean]>([
    ['mailing address unanswered', {}, 'mailing_city', false],
    ['mailing address the same', { mailing_addr_same_as_perm_addr: 'Y' }, 'mailing_city', false],
    ['mailing address different', { mailing_addr_same_as_perm_addr: 'N' }, 'mailing_city', true],
    ['mailing effective date with it', { mailing_addr_same_as_perm_addr: 'N' }, 'mailing_addr_effective_date', true],
    ['parent address the same', { parent_addr_same_as_perm_addr: 'Y' }, 'parent_city', false],
    ['parent address different', { parent_addr_same_as_perm_addr: 'N' }, 'parent_city', true],
    ['citizen: no citizenship country', { citizenship_type: 'US' }, 'citizenship_country', false],
    ['permanent resident: country', { citizenship_type: 'PR' }, 'citizenship_country', true],
    ['permanent resident: A-number', { citizenship_type: 'PR' }, 'alien_registration_number', true],
    ['permanent resident: no visa', { citizenship_type: 'PR' }, 'citizenship_visa_status', false],
    ['international: visa', { citizenship_type: 'NR' }, 'citizenship_visa_status', true],
    ['international: no A-number', { citizenship_type: 'NR' }, 'alien_registration_number', false],
    ['SAT taken: scores', { sat_taken: 'Y' }, 'sat_score_math', true],
    ['SAT taken: no plan', { sat_taken: 'Y' }, 'sat_plan_month', false],
    ['SAT not taken: plan', { sat_taken: 'N' }, 'sat_plan_year', true],
    ['SAT not taken: no scores', { sat_taken: 'N' }, 'sat_score_reading_writing', false],
    ['ACT taken: scores', { act_taken: 'Y' }, 'act_score_science', true],
    ['conviction Y: comment', { conviction: 'Y' }, 'conviction_comment', true],
    ['conviction N: no comment', { conviction: 'N' }, 'conviction_comment', false],
    ['suspended Y: comment', { suspended: 'Y' }, 'suspended_comment', true],
    ['state for USA', { country: 'USA' }, 'state', true],
    ['state for CAN', { country: 'CAN' }, 'state_desc', true],
    ['no state elsewhere', { country: 'FRA' }, 'state', false],
    ['concentration for a major with concentrations', { applied_major: 'BUS' }, 'applied_concentration', true],
    ['no concentration otherwise', { applied_major: 'CS' }, 'applied_concentration', false],
    ['preferred name before the trigger', {}, 'preferred_name', false],
    ['preferred name once answered', { preferred_name: 'Ada' }, 'preferred_name', true],
    ['second activity before adding', {}, 'activity_2_name', false],
    ['third activity once answered', { activity_3_name: 'Chess' }, 'activity_2_name', true],
    ['second parent before adding', {}, 'parent_2_first_name', false],
  ])('%s', (_what, answers, key, visible) => {
    expect(isVisible(key, answers)).toBe(visible);
  });

  it('anonymous visitors see only the default tab; a chosen tab replaces it', () => {
    expect(isVisible('hs_transcript', {})).toBe(true);
    expect(isVisible('hs_transcript', {}, { tabs: { transcript_source: 'counselor' } })).toBe(false);
  });

  it('add-another shows the stored count of blocks, never more than the maximum', () => {
    expect(isVisible('activity_2_name', {}, { addAnother: { activities: 2 } })).toBe(true);
    expect(isVisible('activity_3_name', {}, { addAnother: { activities: 2 } })).toBe(false);
    expect(isVisible('activity_4_name', {}, { addAnother: { activities: 99 } })).toBe(true);
    expect(isVisible('activity_name', {}, { addAnother: { activities: 0 } })).toBe(true);
  });

  it('add-another never shows (or checks) fewer blocks than hold answers, whatever the stored count', () => {
    // e.g. the count's save failed after the applicant typed into the new block
    expect(isVisible('activity_3_name', { activity_3_name: 'Chess' }, { addAnother: { activities: 1 } })).toBe(true);
    expect(isVisible('activity_4_name', { activity_3_name: 'Chess' }, { addAnother: { activities: 1 } })).toBe(false);
    expect(isVisible('activity_3_name', { activity_3_name: 'false' }, { addAnother: { activities: 1 } })).toBe(false);
  });

  it('triggers show their after-content once fired', () => {
    expect(isVisible('preferred_name', {}, { triggers: { preferred_name_trigger: true } })).toBe(true);
  });

  it('a checkbox group is visible through its option keys', () => {
    const keys = visibleKeys({});
    expect(keys.has('race')).toBe(true);
    expect(keys.has('race_white')).toBe(true);
  });
});

describe('dependent answers', () => {
  const mailing = {
    mailing_addr_same_as_perm_addr: 'N',
    mailing_address_line_1: '2 Side St',
    mailing_city: 'Boston',
    mailing_country: 'USA',
    mailing_country_desc: 'United States',
    mailing_state: 'MA',
    mailing_state_desc: 'Massachusetts',
    mailing_addr_effective_date: '2025-09-01',
  };

  it('hiding the mailing address clears every mailing answer, companions included', () => {
    const next = applyAnswer(mailing, 'mailing_addr_same_as_perm_addr', 'Y');
    expect(next.mailing_addr_same_as_perm_addr).toBe('Y');
    expect(next.mailing_addr_same_as_perm_addr_desc).toBe('Yes');
    for (const key of Object.keys(mailing).filter((k) => k !== 'mailing_addr_same_as_perm_addr')) expect(next[key]).toBe('');
  });

  it('a choice stores its label in the _desc companion', () => {
    // A country's label in the model is its code: the browser's companion is never sent (the
    // server stores the English name, form/choice-labels.ts), and the form pages load no names.
    expect(applyAnswer({}, 'country', 'CAN').country_desc).toBe('CAN');
    expect(applyAnswer({}, 'grad_month', '6').grad_month_desc).toBe('June');
    expect(applyAnswer({}, 'grad_year', '2026').grad_year_desc).toBe('2026');
    expect(applyAnswer({ country: 'USA' }, 'state', 'TX').state_desc).toBe('Texas');
  });

  it('a conditional dropdown is cleared with its _desc whenever its controller changes', () => {
    const answers = { country: 'USA', country_desc: 'United States', state: 'IL', state_desc: 'Illinois', city: 'Chicago' };
    const toCanada = applyAnswer(answers, 'country', 'CAN');
    expect([toCanada.state, toCanada.state_desc, toCanada.city]).toEqual(['', '', 'Chicago']);
    const same = applyAnswer(answers, 'country', 'USA');
    expect(same.state).toBe('IL');
    const major = applyAnswer({ applied_major: 'BUS', applied_concentration: 'FIN', applied_concentration_desc: 'Finance' }, 'applied_major', 'ENG');
    expect([major.applied_concentration, major.applied_concentration_desc]).toEqual(['', '']);
  });

  it('a change that sets a controller and its dropdown together keeps both (a lookup record filling a school)', () => {
    const before = { hs_name: 'Hamilton', hs_country: '', hs_state: '' };
    const filled = applyAnswers(before, { hs_state: 'TX', hs_state_desc: 'Texas', hs_country: 'USA', hs_city: 'Austin' });
    expect([filled.hs_state, filled.hs_state_desc, filled.hs_country, filled.hs_country_desc, filled.hs_city]).toEqual(['TX', 'Texas', 'USA', 'USA', 'Austin']);
    // Order does not matter, and a _desc not given is derived from the new controller's options.
    const reversed = applyAnswers({ hs_country: 'CAN', hs_state: 'ON', hs_state_desc: 'Ontario' }, { hs_country: 'USA', hs_state: 'TX' });
    expect([reversed.hs_state, reversed.hs_state_desc]).toEqual(['TX', 'Texas']);
    // A dropdown the change does not set is still cleared when its controller changes.
    const other = applyAnswers({ country: 'USA', state: 'IL', state_desc: 'Illinois' }, { country: 'CAN', city: 'Toronto' });
    expect([other.state, other.state_desc, other.city]).toEqual(['', '', 'Toronto']);
  });

  it('condition groups keep the true group and clear the others', () => {
    const pr = { citizenship_type: 'PR', citizenship_country: 'MEX', alien_registration_number: 'A123456789' };
    const nr = applyAnswer(pr, 'citizenship_type', 'NR');
    expect(nr.citizenship_country).toBe('MEX');
    expect(nr.alien_registration_number).toBe('');
    const us = applyAnswer({ ...nr, citizenship_visa_status: 'F1' }, 'citizenship_type', 'US');
    expect([us.citizenship_country, us.citizenship_visa_status]).toEqual(['', '']);
  });

  it('switching a test to not taken clears its scores; to taken clears the plan', () => {
    const taken = { sat_taken: 'Y', sat_score_math: '600', sat_score_reading_writing: '550' };
    const notTaken = applyAnswer(taken, 'sat_taken', 'N');
    expect([notTaken.sat_score_math, notTaken.sat_score_reading_writing]).toEqual(['', '']);
    const back = applyAnswer({ ...notTaken, sat_plan_month: '10', sat_plan_year: '2025', sat_taken_unsure: 'true' }, 'sat_taken', 'Y');
    expect([back.sat_plan_month, back.sat_plan_year, back.sat_taken_unsure]).toEqual(['', '', '']);
  });

  it('answering No to a conviction clears the comment', () => {
    expect(applyAnswer({ conviction: 'Y', conviction_comment: 'text' }, 'conviction', 'N').conviction_comment).toBe('');
  });

  it('clearing cascades: a parent address hidden clears its state too', () => {
    const answers = { parent_addr_same_as_perm_addr: 'N', parent_country: 'USA', parent_state: 'OH', parent_state_desc: 'Ohio' };
    const next = applyAnswer(answers, 'parent_addr_same_as_perm_addr', 'Y');
    expect([next.parent_country, next.parent_state, next.parent_state_desc]).toEqual(['', '', '']);
  });

  it('stored answers that the form hides are cleaned on request', () => {
    expect(applyDependentClears({ conviction: 'N', conviction_comment: 'stale' }).conviction_comment).toBe('');
  });

  it('does not change the answers it was given', () => {
    const answers = { conviction: 'Y', conviction_comment: 'text' };
    applyAnswer(answers, 'conviction', 'N');
    expect(answers.conviction_comment).toBe('text');
  });

  it('choosing a tab keeps the answers outside it and refuses unknown tabs', () => {
    expect(chooseTab({ first_name: 'Ada' }, 'transcript_source', 'counselor')).toEqual({ first_name: 'Ada' });
    expect(() => chooseTab({}, 'transcript_source', 'fax')).toThrow(/fax/);
  });
});

describe('triggers', () => {
  const nodes = [
    trigger('confirm', 'checkbox', 'I have read this', { before: [text('before_key', 'B')], after: [text('after_key', 'A')] }),
    trigger('more', 'button', 'Show more', {
      before: [text('intro_key', 'I')],
      section: [text('section_key', 'S')],
      after: [text('details_key', 'D')],
    }),
  ];

  it('a checkbox trigger shows before-content until confirmed, then after-content', () => {
    expect([...visibleKeysIn(nodes, {})]).toEqual(expect.arrayContaining(['before_key']));
    expect(visibleKeysIn(nodes, {}).has('after_key')).toBe(false);
    const confirmed = visibleKeysIn(nodes, {}, { triggers: { confirm: true } });
    expect([confirmed.has('before_key'), confirmed.has('after_key')]).toEqual([false, true]);
  });

  it('a button trigger shows before-content and its section until clicked, then after-content', () => {
    const before = visibleKeysIn(nodes, {});
    expect([before.has('intro_key'), before.has('section_key'), before.has('details_key')]).toEqual([true, true, false]);
    const clicked = visibleKeysIn(nodes, {}, { triggers: { more: true } });
    expect([clicked.has('intro_key'), clicked.has('section_key'), clicked.has('details_key')]).toEqual([false, false, true]);
  });
});
