/** Small constructors that fill the model's defaults, so pages read like the form itself. */
import { CHOICES, MONTH_YEARS, type Choice, type ChoiceKey, type MonthKey } from './choices';
import { withOptionsAt } from './terms';
import type {
  AutocompleteCategory,
  AutocompleteQuestion,
  OneOfGroup,
  Requirement,
  CheckboxGroupOption,
  CheckboxGroupQuestion,
  CheckboxQuestion,
  ChoiceQuestion,
  Conditional,
  ConditionalNode,
  ConditionGroupNode,
  ContentNode,
  DocumentQuestion,
  FormNode,
  MonthYearQuestion,
  Tab,
  TabGroupNode,
  TextareaQuestion,
  TextQuestion,
  TriggerNode,
  AddAnotherNode,
  YearListSpec,
} from './types';
import { answerKeysIn } from './walk';

export const TEXT_MAX_LENGTH = 45;
export const TEXTAREA_MAX_LENGTH = 1500;
export const TEXTAREA_ROWS = 6;
export const ADD_ANOTHER_LIMIT = 10;

/**
 * What a question's `required` option says: `true` for the spec's rule (the message is the label),
 * the message itself, or a message (default: the label) and the condition under which it holds.
 * There is no `optional` option: a question is required with its message, or it is optional.
 */
export type RequiredOption = boolean | string | { readonly message?: string; readonly when: Conditional };

/** How a question prints (see `QuestionBase`): its print label, the question it is an alternative of. */
interface Printing {
  printLabel?: string;
  alternativeOf?: string;
}

interface Hint extends Printing {
  hint?: string;
}

interface Common extends Hint {
  required?: RequiredOption;
}

function requirement(label: string, r: RequiredOption | undefined): Requirement | undefined {
  if (r === undefined || r === false) return undefined;
  if (r === true) return { message: label };
  if (typeof r === 'string') return { message: r };
  return { message: r.message ?? label, when: r.when };
}

/** What every question shares; `optional` (shown as "(optional)") follows from the requirement and the group. */
function question<K extends string>(key: K, label: string, o: Common & { oneOf?: OneOfGroup }) {
  const required = requirement(label, o.required);
  return {
    kind: 'question' as const,
    key,
    label,
    optional: required === undefined && o.oneOf === undefined,
    ...(required ? { required } : {}),
    ...(o.hint ? { hint: o.hint } : {}),
    ...(o.printLabel ? { printLabel: o.printLabel } : {}),
    ...(o.alternativeOf ? { alternativeOf: o.alternativeOf } : {}),
  };
}

export const text = <K extends string>(
  key: K,
  label: string,
  o: Common & { maxLength?: number; autoComplete?: string; oneOf?: OneOfGroup } = {},
): TextQuestion<K> => ({
  ...question(key, label, o),
  type: 'text',
  maxLength: o.maxLength ?? TEXT_MAX_LENGTH,
  ...(o.autoComplete ? { autoComplete: o.autoComplete } : {}),
  ...(o.oneOf ? { oneOf: o.oneOf } : {}),
});

/** The format is shown as visible help text tied to the input: an in-field example would vanish as the applicant types. */
export const PHONE_HINT = 'For example, (555) 555-5555. The brackets and dash are added as you type.';

export const phone = <K extends string>(key: K, label: string, o: Common & { oneOf?: OneOfGroup } = {}): TextQuestion<K> => ({
  ...text(key, label, { hint: PHONE_HINT, ...o, maxLength: 14, autoComplete: 'tel-national' }),
  type: 'phone',
});

export const date = <K extends string>(key: K, label: string, o: Common = {}): TextQuestion<K> => ({
  ...text(key, label, { ...o, maxLength: 10 }),
  type: 'date',
});

export const textarea = <K extends string>(key: K, label: string, o: Common & { maxLength?: number } = {}): TextareaQuestion<K> => ({
  ...question(key, label, o),
  type: 'textarea',
  maxLength: o.maxLength ?? TEXTAREA_MAX_LENGTH,
  rows: TEXTAREA_ROWS,
});

/**
 * A dropdown or radio: its options are those the form declares for its key (choices.ts), so the
 * pages and the save read them from one place.
 */
const choice =
  (type: 'dropdown' | 'radio') =>
  <K extends ChoiceKey>(key: K, label: string, o: Common = {}): ChoiceQuestion<K> => {
    const c: Choice = CHOICES[key];
    const q: ChoiceQuestion<K> = {
      ...question(key, label, o),
      type,
      // Options that change with the date are read when asked for (withOptionsAt), never here:
      // reading them at import works out today's terms in the institution's time zone, whose
      // data costs a Lambda that builds the pages about 15 ms of every cold start.
      options: c.optionsAt ? [] : c.options,
      includeDesc: true,
      ...(c.dependsOn ? { dependsOn: c.dependsOn } : {}),
      ...(c.askedAt ? { askedAt: c.askedAt } : {}),
    };
    return c.optionsAt ? withOptionsAt(q, c.optionsAt) : q;
  };

export const dropdown = choice('dropdown');
export const radio = choice('radio');

/** Required, a checkbox must be checked ('true'). */
export const checkbox = <K extends string>(key: K, label: string, o: Common = {}): CheckboxQuestion<K> => ({
  ...question(key, label, o),
  type: 'checkbox',
});

/** Never required: each option is its own answer, and none is needed. */
// `const O`: the option keys sit inside object literals, which a contextual `FormNode` would widen to string.
export const checkboxGroup = <K extends string, const O extends string>(
  key: K,
  label: string,
  options: readonly CheckboxGroupOption<O>[],
  o: Hint = {},
): CheckboxGroupQuestion<K, O> => ({
  ...question(key, label, o),
  type: 'checkboxGroup',
  options,
});

/** A month and its year (choices.ts names the year's key). */
export const monthYear = <K extends MonthKey>(
  key: K,
  label: string,
  yearLabel: string,
  years: YearListSpec,
  o: Common = {},
): MonthYearQuestion<K, (typeof MONTH_YEARS)[K]> => ({
  ...question(key, label, o),
  type: 'monthYear',
  yearKey: MONTH_YEARS[key],
  yearLabel,
  years,
  includeDesc: true,
});

export const autocomplete = <K extends string>(
  key: K,
  label: string,
  category: AutocompleteCategory,
  fills: Record<string, string>,
  o: Common & { fillsIfBlank?: Record<string, string>; resets?: readonly string[]; manualHint: string },
): AutocompleteQuestion<K> => ({
  ...question(key, label, o),
  type: 'autocomplete',
  category,
  fills,
  ...(o.fillsIfBlank ? { fillsIfBlank: o.fillsIfBlank } : {}),
  resets: o.resets ?? [],
  manualHint: o.manualHint,
  maxLength: TEXT_MAX_LENGTH,
});

/** Never required here: a document is not an answer, and the answer rules cannot see it. */
export const documentQuestion = <K extends string>(key: K, label: string, o: Hint = {}): DocumentQuestion<K> => ({
  ...question(key, label, o),
  type: 'file',
});

export const content = (id: string, textValue: string, variant: ContentNode['variant'] = 'paragraph'): ContentNode => ({
  kind: 'content',
  id,
  text: textValue,
  variant,
});

/**
 * The containers take their children as one array each (`C`), so the element types of the page's
 * literals reach `AnswerKey` as they are (one inference site per type parameter, never a guess
 * between several).
 */

/** Hidden while `hideWhen` holds; clears every answer inside when hidden. */
export const hiddenWhen = <C extends readonly FormNode[]>(id: string, hideWhen: Conditional, children: C): ConditionalNode<C[number]> => ({
  kind: 'conditional',
  id,
  hideWhen,
  clears: answerKeysIn(children),
  children,
});

export const conditionGroups = <G extends readonly { id: string; when: Conditional; children: readonly FormNode[] }[]>(
  id: string,
  groups: G,
): ConditionGroupNode<G[number]['children'][number]> => ({
  kind: 'conditionGroup',
  id,
  groups: groups.map((g) => ({ ...g, keys: answerKeysIn(g.children) })),
});

export const trigger = <B extends readonly FormNode[], A extends readonly FormNode[], S extends readonly FormNode[] = []>(
  id: string,
  triggerType: TriggerNode['triggerType'],
  label: string,
  parts: { before: B; section?: S; after: A },
): TriggerNode<B[number] | S[number] | A[number]> => ({ kind: 'trigger', id, triggerType, label, ...parts });

export const tabGroup = <T extends readonly Tab[]>(
  id: string,
  label: string,
  defaultTab: string,
  tabs: T,
  o: Pick<Printing, 'printLabel'> = {},
): TabGroupNode<T[number]['children'][number]> => ({
  kind: 'tabGroup',
  id,
  label,
  ...(o.printLabel ? { printLabel: o.printLabel } : {}),
  defaultTab,
  tabs,
});

export const addAnother = <B extends readonly (readonly FormNode[])[]>(
  buttonId: string,
  label: string,
  max: number,
  blocks: B,
): AddAnotherNode<B[number][number]> => ({ kind: 'addAnother', buttonId, label, max, blocks });
