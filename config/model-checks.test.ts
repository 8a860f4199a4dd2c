/** The checklist of an institution's file against the form model: each name it uses is the form's, or the file is refused saying which. */
import type { ChecklistItem } from '#form/types';
import { modelFindings } from './model-checks';

const sections = globalThis.__INSTITUTION__;
const findings = (checklist: ChecklistItem[]) =>
  modelFindings({ ...sections, afterSubmission: { ...sections.afterSubmission, checklist } }).map((f) => `${f.at.join('.')}: ${f.message} ${f.fix}`);

describe('the checklist against the form model', () => {
  it("finds nothing to say of the sample's", () => {
    expect(modelFindings(sections)).toEqual([]);
  });

  it.each<[string, ChecklistItem, string]>([
    [
      'a document the form does not ask for',
      { id: 'cv', label: 'CV', document: 'resumee' },
      'afterSubmission.checklist.0.document: resumee is not a document question of the form. Write resume, or one of hs_transcript, resume.',
    ],
    [
      'a question the form does not ask',
      { id: 'scores', label: 'Scores', requiredWhen: { question: 'test_optionl', values: ['Y'] } },
      expect.stringMatching(
        /^afterSubmission\.checklist\.0\.requiredWhen\.question: test_optionl is not a question of the form\. Write test_optional, or one of /,
      ),
    ],
    [
      'a tab group the form does not have',
      { id: 't', label: 'Transcript', document: 'hs_transcript', sentByOthersWhen: { tabGroup: 'transcript', tab: 'counselor', note: 'n' } },
      'afterSubmission.checklist.0.sentByOthersWhen.tabGroup: transcript is not a tab group of the form. Write one of transcript_source.',
    ],
    [
      'a tab its group does not have',
      { id: 't', label: 'Transcript', document: 'hs_transcript', sentByOthersWhen: { tabGroup: 'transcript_source', tab: 'school', note: 'n' } },
      expect.stringMatching(/^afterSubmission\.checklist\.0\.sentByOthersWhen\.tab: school is not a tab of transcript_source\. Write one of /),
    ],
    [
      'an upload after submission of a material that is not uploaded',
      { id: 'x', label: 'X', requiredWhen: { question: 'test_optional', values: ['Y'] }, acceptedAfterSubmission: true },
      'afterSubmission.checklist.0.acceptedAfterSubmission: is true for a material that is not uploaded. Give its document question too, or remove acceptedAfterSubmission.',
    ],
    [
      'a material that names nothing of the form',
      { id: 'essay', label: 'Essay' },
      'afterSubmission.checklist.0: essay names nothing of the form: the status page could never tell whether it arrived. Give a document, requiredWhen or sentByOthersWhen.',
    ],
  ])('%s', (_what, item, expected) => {
    expect(findings([item])).toEqual([expected]);
  });
});
