import { useState } from 'react';
import { answersStore } from '#web/lib/answers';
import { translate } from '#web/lib/i18n';
import { useStore } from '#web/lib/store';
import { AutocompleteField } from '../fields/AutocompleteField';
import { DateField } from '../fields/DateField';
import { FileField } from '../fields/FileField';
import { CheckboxField, CheckboxGroupField, DropdownField, MonthYearField, RadioField, TextareaField, TextField } from '../fields/simple-fields';
import type { AnswerOption, ChoiceQuestion, FormNode, Question } from '../model';
import { evaluate, triggerFired } from '../model';
import { useFormWords } from '../words';
// eslint-disable-next-line local/no-import-cycle -- the one allowed cycle: the form tree is recursive (a tab or an add-another block holds nodes that may hold tabs), so its renderer is too.
import { AddAnother } from './AddAnother';
import { useFormRuntime } from './form-runtime';
// eslint-disable-next-line local/no-import-cycle -- the one allowed cycle: the form tree is recursive (a tab or an add-another block holds nodes that may hold tabs), so its renderer is too.
import { TabGroup } from './TabGroup';

/**
 * A stored choice the dropdown no longer offers (a term that has closed) stays shown as chosen,
 * marked as no longer available, instead of the select silently showing "Select…"; its message
 * (from the validators) asks for another choice.
 */
function withStoredChoice(options: readonly AnswerOption[], value: string, storedLabel: string): readonly AnswerOption[] {
  if (value === '' || options.some((o) => o.value === value)) return options;
  // Its English words: the option list puts it in the active language with the rest (a template of the catalog).
  return [...options, { value, label: `${storedLabel || translate('form.ui.earlierChoice')} (no longer available)` }];
}

function ChoiceField({ q }: { q: ChoiceQuestion }) {
  const { errors } = useFormRuntime();
  const controller = useStore(answersStore, (a) => (q.dependsOn ? (a[q.dependsOn.valueKey] ?? '') : ''));
  const value = useStore(answersStore, (a) => a[q.key] ?? '');
  const storedLabel = useStore(answersStore, (a) => a[`${q.key}_desc`] ?? '');
  const options = q.dependsOn ? q.dependsOn.optionsByValue[controller] : q.options;
  // A conditional dropdown appears only when its controlling answer has options: an empty list would be a question no one can answer.
  if (!options) return null;
  // A question asked only at some times (the round: only while there is a choice) and not answered.
  if (q.askedAt && value === '' && !q.askedAt(new Date())) return null;
  if (q.type === 'radio') return <RadioField q={q} options={options} errors={errors[q.key]} />;
  return <DropdownField q={q} options={withStoredChoice(options, value, storedLabel)} errors={errors[q.key]} />;
}

export function QuestionField({ q }: { q: Question }) {
  const { errors } = useFormRuntime();
  const e = errors[q.key];
  switch (q.type) {
    case 'text':
    case 'phone':
    case 'ssn':
      return <TextField q={q} errors={e} />;
    case 'date':
      return <DateField q={q} errors={e} />;
    case 'textarea':
      return <TextareaField q={q} errors={e} />;
    case 'dropdown':
    case 'radio':
      return <ChoiceField q={q} />;
    case 'checkbox':
      return <CheckboxField q={q} errors={e} />;
    case 'checkboxGroup': {
      const all = [...(e ?? []), ...q.options.flatMap((o) => errors[o.yupValueKey] ?? [])];
      return <CheckboxGroupField q={q} errors={all.length ? all : undefined} />;
    }
    case 'monthYear':
      return <MonthYearField q={q} errors={e} yearErrors={errors[q.yearKey]} />;
    case 'autocomplete':
      return <AutocompleteField q={q} errors={e} />;
    case 'file':
      return <FileField q={q} errors={e} />;
  }
}

function Conditional({ node }: { node: Extract<FormNode, { kind: 'conditional' }> }) {
  const hidden = useStore(answersStore, (a) => evaluate(node.hideWhen, a));
  return hidden ? null : <Nodes nodes={node.children} />;
}

function ConditionGroup({ node }: { node: Extract<FormNode, { kind: 'conditionGroup' }> }) {
  const activeId = useStore(answersStore, (a) => node.groups.find((g) => evaluate(g.when, a))?.id);
  const active = node.groups.find((g) => g.id === activeId);
  return active ? <Nodes nodes={active.children} /> : null;
}

function Trigger({ node }: { node: Extract<FormNode, { kind: 'trigger' }> }) {
  const answeredAfter = useStore(answersStore, (a) => triggerFired(node, a));
  const [fired, setFired] = useState(false);
  const w = useFormWords();
  const done = fired || answeredAfter;
  if (done) return <Nodes nodes={node.after} />;
  return (
    <>
      <Nodes nodes={node.before} />
      {node.section && <Nodes nodes={node.section} />}
      {node.triggerType === 'button' ? (
        <button type="button" className="button" onClick={() => setFired(true)}>
          {w(node.label)}
        </button>
      ) : (
        <div className="choice">
          <input id={`trigger-${node.id}`} type="checkbox" checked={false} onChange={() => setFired(true)} />
          <label htmlFor={`trigger-${node.id}`}>{w(node.label)}</label>
        </div>
      )}
    </>
  );
}

function Content({ node }: { node: Extract<FormNode, { kind: 'content' }> }) {
  const w = useFormWords();
  if (node.variant === 'heading') return <h3>{w(node.text)}</h3>;
  return <p className={node.variant === 'note' ? 'field__hint' : undefined}>{w(node.text)}</p>;
}

export function Node({ node }: { node: FormNode }) {
  switch (node.kind) {
    case 'question':
      return <QuestionField q={node} />;
    case 'content':
      return <Content node={node} />;
    case 'conditional':
      return <Conditional node={node} />;
    case 'conditionGroup':
      return <ConditionGroup node={node} />;
    case 'trigger':
      return <Trigger node={node} />;
    case 'tabGroup':
      return <TabGroup node={node} />;
    case 'addAnother':
      return <AddAnother node={node} />;
  }
}

const nodeKey = (n: FormNode) => (n.kind === 'question' ? n.key : n.kind === 'addAnother' ? n.buttonId : n.id);

type OneOfGroup = NonNullable<Question['oneOf']>;

type Run = { group: OneOfGroup; questions: Question[] } | { node: FormNode };

/** Neighbouring questions of one "at least one of" group become one run; every other node its own. */
function runs(nodes: readonly FormNode[]): Run[] {
  const out: Run[] = [];
  for (const n of nodes) {
    const last = out.at(-1);
    if (n.kind === 'question' && n.oneOf) {
      if (last && 'group' in last && last.group.id === n.oneOf.id) last.questions.push(n);
      else out.push({ group: n.oneOf, questions: [n] });
    } else out.push({ node: n });
  }
  return out;
}

/** The group states its rule once, before any error, so neither of its fields looks required alone. */
function OneOf({ group, questions }: { group: OneOfGroup; questions: readonly Question[] }) {
  const hint = `${group.id}-hint`;
  const w = useFormWords();
  return (
    <fieldset id={group.id} className="field field--group" aria-describedby={hint}>
      <legend>{w(group.label)}</legend>
      <p id={hint} className="field__hint">
        {w(group.hint)}
      </p>
      {questions.map((q) => (
        <QuestionField key={q.key} q={q} />
      ))}
    </fieldset>
  );
}

export function Nodes({ nodes }: { nodes: readonly FormNode[] }) {
  return (
    <>
      {runs(nodes).map((r) =>
        'group' in r ? <OneOf key={r.group.id} group={r.group} questions={r.questions} /> : <Node key={nodeKey(r.node)} node={r.node} />,
      )}
    </>
  );
}
