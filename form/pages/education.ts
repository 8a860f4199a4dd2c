import { addAnother, autocomplete, checkbox, content, documentQuestion, dropdown, hiddenWhen, monthYear, radio, tabGroup, text } from '../build';
import { PAGE_PATH } from '../contract';
import { institution } from '../institution';
import type { Page } from '../types';
import { MESSAGES as M } from '../validation/messages';

/** Required, with the spec's message for a required field: its label. */
const req = { required: true };

export const SAT_SECTIONS = [
  { key: 'sat_score_reading_writing', name: 'Evidence-Based Reading and Writing' },
  { key: 'sat_score_math', name: 'Math' },
] as const;

export const ACT_SECTIONS = [
  { key: 'act_score_composite', name: 'Composite' },
  { key: 'act_score_english', name: 'English' },
  { key: 'act_score_math', name: 'Math' },
  { key: 'act_score_reading', name: 'Reading' },
  { key: 'act_score_science', name: 'Science' },
] as const;

/**
 * Scores only when the test was taken (Y); the planned month and year only when it was not (N).
 * A shown score is required, and a blank one is told the same as a wrong one (`scoreMessage`).
 * The planned date and "not sure yet" are two ways of answering one thing: whichever is left
 * blank while the other is answered is not printed.
 */
function testBlock<T extends 'sat' | 'act', S extends string>(
  test: T,
  name: string,
  scores: readonly { key: S; name: string }[],
  scoreMessage: (section: string) => string,
) {
  return [
    radio(`${test}_taken`, `Have you taken the ${name}?`, { printLabel: `${name} Taken` }),
    hiddenWhen(`${test}_scores`, { valueKey: `${test}_taken`, operator: 'notEquals', target: 'Y' }, [
      ...scores.map((s) => text(s.key, `${name} ${s.name} Score`, { required: scoreMessage(s.name), maxLength: test === 'sat' ? 3 : 2 })),
    ]),
    hiddenWhen(`${test}_plan`, { valueKey: `${test}_taken`, operator: 'notEquals', target: 'N' }, [
      monthYear(
        `${test}_plan_month`,
        `When do you plan to take the ${name}?`,
        'Year',
        { count: 2, direction: 'future' },
        { printLabel: `${name} Planned Date`, alternativeOf: `${test}_taken_unsure` },
      ),
      checkbox(`${test}_taken_unsure`, `I'm not sure yet when I will take the ${name}.`, {
        printLabel: `${name} Date Undecided`,
        alternativeOf: `${test}_plan_month`,
      }),
    ]),
  ];
}

const activityBlocks = ([1, 2, 3, 4] as const).map((n) => [
  text(n === 1 ? 'activity_name' : `activity_${n}_name`, `Activity ${n}`, {
    hint: n === 1 ? 'A club, sport, job, volunteer work or anything else you spend time on.' : undefined,
  }),
]);

/** School record field -> answer key. */
const schoolFills = {
  id: 'hs_ceeb',
  address_line_1: 'hs_address_line_1',
  city: 'hs_city',
  state: 'hs_state',
  state_desc: 'hs_state_desc',
  zip: 'hs_zip',
  country: 'hs_country',
  country_desc: 'hs_country_desc',
};

export const educationPage = {
  id: 'education-ug',
  number: 2,
  path: PAGE_PATH['education-ug'],
  title: 'Your Academics',
  sections: [
    {
      id: 'enrollment',
      title: 'Enrollment Plans',
      children: [
        dropdown('entry_term', 'When do you plan to enroll?', { ...req, printLabel: 'Entry Term' }),
        dropdown('applied_major', 'What are you interested in studying?', { ...req, printLabel: 'Intended Major' }),
        dropdown('applied_concentration', 'Concentration'),
        radio('first_gen_student', "Will you be the first in your family to earn a bachelor's degree?", {
          printLabel: "First in Family to Earn a Bachelor's Degree",
        }),
      ],
    },
    {
      id: 'high_school',
      title: 'High School',
      children: [
        autocomplete('hs_name', 'Search for Your School', 'hs_ceeb', schoolFills, {
          ...req,
          printLabel: 'High School',
          hint: 'Type the name of your school. If it is not listed, choose "Use: ..." and enter its details below.',
          // A school's code and address describe that school: another choice replaces them all.
          resets: Object.values(schoolFills),
          manualHint: 'Enter your school information below.',
        }),
        text('hs_ceeb', 'School Code (CEEB)', { maxLength: 6 }),
        dropdown('hs_country', 'School Country'),
        text('hs_address_line_1', 'School Address'),
        text('hs_city', 'School City'),
        dropdown('hs_state', 'School State/Province'),
        text('hs_zip', 'School ZIP/Postal Code', { maxLength: 10 }),
        // The legend names the pair; the selects inside say Month and Year.
        monthYear('grad_month', 'Graduation Date', 'Year', {
          offset: 4,
          count: 60,
          direction: 'past',
        }),
        radio('ged_earned', 'Have you earned a GED or another high school equivalency?', {
          printLabel: 'GED or Equivalency Earned',
        }),
        text('hs_gpa', 'High School GPA', { maxLength: 5 }),
        tabGroup('transcript_source', 'High School Transcript', 'upload', [
          {
            id: 'upload',
            label: 'Upload my transcript',
            clears: [],
            children: [
              documentQuestion('hs_transcript', 'High School Transcript', {
                hint: 'An unofficial transcript is fine: .png, .jpeg, .jpg, .pdf or .docx, at most 1 MB.',
              }),
            ],
          },
          {
            id: 'counselor',
            label: 'My counselor will send it',
            printValue: 'Sent by the school counselor',
            clears: [],
            children: [content('transcript_counselor_note', `Please ask your school counselor to send your transcript to ${institution.name}.`)],
          },
        ]),
      ],
    },
    {
      id: 'counselor',
      title: 'School Counselor',
      children: [
        text('counselor_first_name', 'Counselor First Name'),
        text('counselor_last_name', 'Counselor Last Name'),
        text('counselor_email_address', 'Counselor Email Address', { maxLength: 100 }),
      ],
    },
    {
      id: 'tests',
      title: 'Standardized Tests',
      children: [
        radio('test_optional', 'Do you want standardized test scores (ACT/SAT) to be considered in your admission decision?', {
          ...req,
          printLabel: 'Test Scores (ACT/SAT) Considered',
        }),
        ...testBlock('sat', 'SAT', SAT_SECTIONS, M.satScore),
        ...testBlock('act', 'ACT', ACT_SECTIONS, M.actScore),
      ],
    },
    {
      id: 'activities',
      title: 'Activities',
      children: [
        addAnother('activities', 'Activity', 4, activityBlocks),
        // "(optional)" follows the label already: the hint says what the file is and may be.
        documentQuestion('resume', 'Resume', { hint: 'A resume of your activities: .png, .jpeg, .jpg, .pdf or .docx, at most 1 MB.' }),
      ],
    },
  ],
} satisfies Page;
