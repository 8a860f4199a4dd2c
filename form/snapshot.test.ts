import { describe, expect, it } from 'vitest';
import { completeApplication } from '#test/support/answers';
import { addAnotherButtons, allQuestions, documentQuestionKeys, tabGroups } from './model';
import { printApplication, type PrintedPage, type PrintInput } from './print';
import { documentQuestionsOf, printSnapshot, printSubmitted, rowsNoLongerAsked, takeSnapshot, type ApplicationSnapshot } from './snapshot';
import { asAnEarlierForm } from './snapshot.test-support';
import { questionAnswerKeys } from './walk';

const AT = new Date('2027-01-15T18:00:00.000Z');
const rowsOf = (pages: readonly PrintedPage[]) => pages.flatMap((p) => p.sections.flatMap((s) => s.rows));
const [docKey] = documentQuestionKeys as [string];
const input: PrintInput = {
  answers: { ...completeApplication(AT), optin_sms_ind: 'true' },
  documents: { [docKey]: { file_name: 'transcript.pdf', file_size: 2048, status: 'COMPLETED' } },
};

/** Taken when the form asked `first_name` in other words and asked `favourite_colour`, which it no longer has. */
const fromAnEarlierForm = (): ApplicationSnapshot =>
  asAnEarlierForm(takeSnapshot(input, AT), {
    reworded: { first_name: 'Given name (as on your passport)' },
    removed: [{ key: 'favourite_colour', label: 'What is your favourite colour?', value: 'Teal' }],
  });

describe('the application as submitted', () => {
  it('prints as the model printed it when taken, both for the PDF (marks) and for a screen (words)', () => {
    const snapshot = takeSnapshot(input, AT);
    expect(printSnapshot(snapshot, { documents: input.documents })).toEqual(printApplication(input));
    expect(printSnapshot(snapshot, { documents: input.documents, boxes: 'words' })).toEqual(printApplication({ ...input, boxes: 'words' }));
    expect(rowsOf(printSnapshot(snapshot, { boxes: 'words' })).find((r) => r.key === 'optin_sms_ind')?.value).toBe('Yes');
    expect(rowsOf(printSnapshot(snapshot, {})).find((r) => r.key === 'optin_sms_ind')?.value).toBe('[X]');
    expect(snapshot.takenAt).toBe(AT.toISOString());
  });

  it('keeps the words the applicant saw and the answer of a question reworded or removed since', () => {
    const rows = rowsOf(printSubmitted(fromAnEarlierForm(), { ...input, boxes: 'words' }));
    expect(rows.find((r) => r.key === 'first_name')).toEqual({ key: 'first_name', label: 'Given name (as on your passport)', value: 'Ada' });
    expect(rows.find((r) => r.key === 'favourite_colour')).toEqual({ key: 'favourite_colour', label: 'What is your favourite colour?', value: 'Teal' });
    // The model of today knows neither: without the snapshot both would be lost.
    const today = rowsOf(printSubmitted(undefined, { ...input, boxes: 'words' }));
    expect(today.find((r) => r.key === 'first_name')?.label).not.toBe('Given name (as on your passport)');
    expect(today.some((r) => r.key === 'favourite_colour')).toBe(false);
  });

  it('lists for the exports exactly the rows the form no longer asks in the same words', () => {
    expect(rowsNoLongerAsked(takeSnapshot(input, AT))).toEqual([]);
    expect(rowsNoLongerAsked(fromAnEarlierForm())).toEqual([
      { key: 'first_name', label: 'Given name (as on your passport)', value: 'Ada' },
      { key: 'favourite_colour', label: 'What is your favourite colour?', value: 'Teal' },
    ]);
  });

  it('prints a document row from the document answer when read: a conversion running at submission shows once it is done', () => {
    const converting = { [docKey]: { file_name: 'transcript.pdf', file_size: 2048, status: 'IN_PROGRESS' } };
    const snapshot = takeSnapshot({ ...input, documents: converting }, AT);
    const row = (documents: PrintInput['documents']) => rowsOf(printSnapshot(snapshot, { ...(documents ? { documents } : {}) })).find((r) => r.key === docKey);
    expect(row(converting)?.value).toBe('No document attached');
    expect(row(input.documents)?.value).toBe('Document attached: transcript.pdf (2.0 KB)');
    expect([...documentQuestionsOf(snapshot).keys()]).toContain(docKey);
  });

  it("of the largest application a submit accepts stays far under DynamoDB's 400 KB item", () => {
    // Every question at its longest, every box ticked, every add-another at its maximum, each tab chosen in turn.
    const answers: Record<string, string> = { ...completeApplication(AT) };
    for (const q of allQuestions) {
      for (const key of questionAnswerKeys(q)) {
        if (q.type === 'checkbox' || q.type === 'checkboxGroup') answers[key] = 'true';
        else if ('maxLength' in q && q.maxLength) answers[key] = 'W'.repeat(q.maxLength);
      }
    }
    const addAnother = Object.fromEntries([...addAnotherButtons.values()].map((a) => [a.buttonId, a.max]));
    const documents = Object.fromEntries(documentQuestionKeys.map((key) => [key, { file_name: `${'n'.repeat(200)}.pdf`, file_size: 1e7 }]));
    const sizes = [...tabGroups.values()].flatMap((group) =>
      group.tabs.map(
        (tab) => new TextEncoder().encode(JSON.stringify(takeSnapshot({ answers, addAnother, documents, tabs: { [group.id]: tab.id } }, AT))).length,
      ),
    );
    // Measured 7.4 kB for the sample institution: room for a form many times larger.
    expect(Math.max(...sizes)).toBeLessThan(100_000);
  });
});
