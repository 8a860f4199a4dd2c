/**
 * Every English word the form model shows an applicant (issue 41): the pages' titles, every
 * question's label, hint, print label, required message and options, content, tabs, triggers,
 * add-another labels, and the validation and file messages. The English catalog holds each under
 * its derived id (form-words.ts); form/i18n/form-words.test.ts checks both ways, and the words
 * the institution's configuration gives (terms, majors, rounds), countries (form.country.…) and months (Intl)
 * are left out here.
 */
import { CHOICES, type Choice, type ChoiceKey } from '../choices';
import { pages } from '../model';
import { COUNTRY_LISTS } from '../options';
import type { FormNode, Question } from '../types';
import { FILE_MESSAGES, MESSAGES } from '../validation/messages';
import { childrenOf, nodesIn } from '../walk';
import { matchTemplate } from './form-words';

/** Answers whose options the institution's configuration words (C's: a value per language there). */
const CONFIGURED_CHOICES: ReadonlySet<string> = new Set(['entry_term', 'applied_major', 'applied_concentration', 'application_round']);

function questionTexts(q: Question): string[] {
  const out = [q.label, q.hint, q.printLabel, q.required?.message, q.oneOf?.label, q.oneOf?.hint, q.oneOf?.message];
  switch (q.type) {
    case 'dropdown':
    case 'radio': {
      if (CONFIGURED_CHOICES.has(q.key)) break;
      const choice: Choice = CHOICES[q.key as ChoiceKey];
      const lists = choice.dependsOn ? Object.values(choice.dependsOn.optionsByValue) : [choice.options];
      // A country's words are the catalog's form.country.<alpha-2> names (web/src/features/application/words.ts).
      for (const list of lists) if (!COUNTRY_LISTS.has(list)) out.push(...list.map((o) => o.label));
      break;
    }
    case 'checkboxGroup':
      out.push(...q.options.map((o) => o.label));
      break;
    case 'monthYear':
      out.push(q.yearLabel);
      break;
    case 'autocomplete':
      out.push(q.manualHint);
      break;
    default:
  }
  return out.filter((t): t is string => !!t);
}

function nodeTexts(n: FormNode): string[] {
  switch (n.kind) {
    case 'question':
      return questionTexts(n);
    case 'content':
      return [n.text];
    case 'trigger':
      return [n.label];
    case 'tabGroup':
      return [n.label, n.printLabel, ...n.tabs.flatMap((t) => [t.label, t.printValue])].filter((t): t is string => !!t);
    case 'addAnother':
      return [n.label];
    default:
      return [];
  }
}

/** The validation and file messages without a value (those with one are FORM_TEMPLATES). */
const messageTexts = (): string[] => [
  ...Object.values(MESSAGES).filter((m): m is Extract<(typeof MESSAGES)[keyof typeof MESSAGES], string> => typeof m === 'string'),
  ...[1, 2].flatMap((n) => [MESSAGES.parentEmail(n as 1 | 2), MESSAGES.parentPhone(n as 1 | 2)]),
  ...Object.values(FILE_MESSAGES),
];

/** The model's English words, each once, in form order; a text made from a template is left to its template. */
export function modelTexts(): string[] {
  const all = [
    ...pages.flatMap((p) => [p.title, ...p.sections.flatMap((s) => [s.title, s.description ?? '', ...nodesIn(s.children, childrenOf).flatMap(nodeTexts)])]),
    ...messageTexts(),
  ];
  return [...new Set(all.filter((t) => t && !matchTemplate(t)))];
}
