/** Small constructors that fill the model's defaults, so pages read like the form itself. */
import type {
  AnswerOption,
  AutocompleteCategory,
  AutocompleteQuestion,
  OneOfGroup,
  CheckboxGroupOption,
  CheckboxGroupQuestion,
  CheckboxQuestion,
  ChoiceQuestion,
  Conditional,
  ConditionalNode,
  ConditionalOptions,
  ConditionGroup,
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

interface Common {
  optional?: boolean;
  hint?: string;
}

export const text = (
  key: string,
  label: string,
  o: Common & { maxLength?: number; autoComplete?: string; oneOf?: OneOfGroup } = {},
): TextQuestion => ({
  kind: 'question',
  type: 'text',
  key,
  label,
  optional: o.optional ?? true,
  maxLength: o.maxLength ?? TEXT_MAX_LENGTH,
  ...(o.hint ? { hint: o.hint } : {}),
  ...(o.autoComplete ? { autoComplete: o.autoComplete } : {}),
  ...(o.oneOf ? { oneOf: o.oneOf } : {}),
});

/** The format is shown as visible help text tied to the input: an in-field example would vanish as the applicant types. */
export const PHONE_HINT = 'For example, (555) 555-5555. The brackets and dash are added as you type.';

export const phone = (key: string, label: string, o: Common & { oneOf?: OneOfGroup } = {}): TextQuestion => ({
  ...text(key, label, { hint: PHONE_HINT, ...o, maxLength: 14, autoComplete: 'tel-national' }),
  type: 'phone',
});

export const date = (key: string, label: string, o: Common = {}): TextQuestion => ({
  ...text(key, label, { ...o, maxLength: 10 }),
  type: 'date',
});

export const textarea = (key: string, label: string, o: Common & { maxLength?: number } = {}): TextareaQuestion => ({
  kind: 'question',
  type: 'textarea',
  key,
  label,
  optional: o.optional ?? true,
  maxLength: o.maxLength ?? TEXTAREA_MAX_LENGTH,
  rows: TEXTAREA_ROWS,
  ...(o.hint ? { hint: o.hint } : {}),
});

const choice =
  (type: 'dropdown' | 'radio') =>
  (
    key: string,
    label: string,
    options: readonly AnswerOption[],
    o: Common & { includeDesc?: boolean; dependsOn?: ConditionalOptions } = {},
  ): ChoiceQuestion => ({
    kind: 'question',
    type,
    key,
    label,
    optional: o.optional ?? true,
    options,
    includeDesc: o.includeDesc ?? true,
    ...(o.dependsOn ? { dependsOn: o.dependsOn } : {}),
    ...(o.hint ? { hint: o.hint } : {}),
  });

export const dropdown = choice('dropdown');
export const radio = choice('radio');

export const checkbox = (key: string, label: string, o: Common = {}): CheckboxQuestion => ({
  kind: 'question',
  type: 'checkbox',
  key,
  label,
  optional: o.optional ?? true,
  ...(o.hint ? { hint: o.hint } : {}),
});

export const checkboxGroup = (
  key: string,
  label: string,
  options: readonly CheckboxGroupOption[],
  o: Common = {},
): CheckboxGroupQuestion => ({
  kind: 'question',
  type: 'checkboxGroup',
  key,
  label,
  optional: o.optional ?? true,
  options,
  ...(o.hint ? { hint: o.hint } : {}),
});

export const monthYear = (
  key: string,
  label: string,
  yearKey: string,
  yearLabel: string,
  years: YearListSpec,
  o: Common = {},
): MonthYearQuestion => ({
  kind: 'question',
  type: 'monthYear',
  key,
  label,
  yearKey,
  yearLabel,
  years,
  includeDesc: true,
  optional: o.optional ?? true,
  ...(o.hint ? { hint: o.hint } : {}),
});

export const autocomplete = (
  key: string,
  label: string,
  category: AutocompleteCategory,
  fills: Record<string, string>,
  o: Common & { fillsIfBlank?: Record<string, string>; resets?: readonly string[]; manualHint: string },
): AutocompleteQuestion => ({
  kind: 'question',
  type: 'autocomplete',
  key,
  label,
  category,
  fills,
  ...(o.fillsIfBlank ? { fillsIfBlank: o.fillsIfBlank } : {}),
  resets: o.resets ?? [],
  manualHint: o.manualHint,
  maxLength: TEXT_MAX_LENGTH,
  optional: o.optional ?? true,
  ...(o.hint ? { hint: o.hint } : {}),
});

export const documentQuestion = (key: string, label: string, o: Common = {}): DocumentQuestion => ({
  kind: 'question',
  type: 'file',
  key,
  label,
  optional: o.optional ?? true,
  ...(o.hint ? { hint: o.hint } : {}),
});

export const content = (id: string, textValue: string, variant: ContentNode['variant'] = 'paragraph'): ContentNode => ({
  kind: 'content',
  id,
  text: textValue,
  variant,
});

/** Hidden while `hideWhen` holds; clears every answer inside when hidden. */
export const hiddenWhen = (id: string, hideWhen: Conditional, children: readonly FormNode[]): ConditionalNode => ({
  kind: 'conditional',
  id,
  hideWhen,
  clears: answerKeysIn(children),
  children,
});

export const conditionGroups = (
  id: string,
  groups: readonly { id: string; when: Conditional; children: readonly FormNode[] }[],
): ConditionGroupNode => ({
  kind: 'conditionGroup',
  id,
  groups: groups.map((g): ConditionGroup => ({ ...g, keys: answerKeysIn(g.children) })),
});

export const trigger = (
  id: string,
  triggerType: TriggerNode['triggerType'],
  label: string,
  parts: { before: readonly FormNode[]; section?: readonly FormNode[]; after: readonly FormNode[] },
): TriggerNode => ({ kind: 'trigger', id, triggerType, label, ...parts });

export const tabGroup = (id: string, label: string, defaultTab: string, tabs: readonly Tab[]): TabGroupNode => ({
  kind: 'tabGroup',
  id,
  label,
  defaultTab,
  tabs,
});

export const addAnother = (
  buttonId: string,
  label: string,
  max: number,
  blocks: readonly (readonly FormNode[])[],
): AddAnotherNode => ({ kind: 'addAnother', buttonId, label, max, blocks });
