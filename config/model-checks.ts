/**
 * The checks of an institution's file against the form model: each material of the checklist
 * names a real document question, question or tab group. The model is built from the file (its
 * majors, its terms), so these run once the file is installed (establish.ts), not before.
 */
import type { InstitutionSections } from '#form/types';
import { allQuestions, documentQuestionKeys, tabGroups } from '../form/model';
import { closest, type Finding } from './checks';

export function modelFindings(sections: InstitutionSections): Finding[] {
  const findings: Finding[] = [];
  const questions = allQuestions.map((q) => q.key);
  sections.afterSubmission.checklist.forEach((item, i) => {
    const at = ['afterSubmission', 'checklist', i];
    const near = (word: string, known: readonly string[]) => {
      const guess = closest(word, known);
      return guess ? `Write ${guess}, or one of ${known.join(', ')}.` : `Write one of ${known.join(', ')}.`;
    };
    if (item.document && !documentQuestionKeys.includes(item.document)) {
      findings.push({
        at: [...at, 'document'],
        message: `${item.document} is not a document question of the form.`,
        fix: near(item.document, documentQuestionKeys),
      });
    }
    if (item.requiredWhen && !questions.includes(item.requiredWhen.question)) {
      findings.push({
        at: [...at, 'requiredWhen', 'question'],
        message: `${item.requiredWhen.question} is not a question of the form.`,
        fix: near(item.requiredWhen.question, questions),
      });
    }
    if (item.sentByOthersWhen) {
      const group = tabGroups.get(item.sentByOthersWhen.tabGroup);
      if (!group) {
        findings.push({
          at: [...at, 'sentByOthersWhen', 'tabGroup'],
          message: `${item.sentByOthersWhen.tabGroup} is not a tab group of the form.`,
          fix: near(item.sentByOthersWhen.tabGroup, [...tabGroups.keys()]),
        });
      } else if (!group.tabs.some((t) => t.id === item.sentByOthersWhen!.tab)) {
        findings.push({
          at: [...at, 'sentByOthersWhen', 'tab'],
          message: `${item.sentByOthersWhen.tab} is not a tab of ${group.id}.`,
          fix: near(
            item.sentByOthersWhen.tab,
            group.tabs.map((t) => t.id),
          ),
        });
      }
    }
    if (item.acceptedAfterSubmission && !item.document) {
      findings.push({
        at: [...at, 'acceptedAfterSubmission'],
        message: 'is true for a material that is not uploaded.',
        fix: 'Give its document question too, or remove acceptedAfterSubmission.',
      });
    }
    if (!item.document && !item.requiredWhen && !item.sentByOthersWhen) {
      findings.push({
        at,
        message: `${item.id} names nothing of the form: the status page could never tell whether it arrived.`,
        fix: 'Give a document, requiredWhen or sentByOthersWhen.',
      });
    }
  });
  return findings;
}
