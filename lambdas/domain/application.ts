/**
 * The applicant's application as the server sees it: which answer keys, tabs and add-another
 * buttons exist (from the shared form model), and the shape checks of every applicant payload.
 */
// Narrow form/ modules, not the barrel: a route bundles only the parts of the model it reads.
import { addAnotherButtons, tabGroups } from '../../form/model';
import { PAGE_PATHS } from '../../form/contract';
import type { FieldErrors, TabGroupNode, AddAnotherNode } from '../../form/types';
import { Invalid } from './errors';
import { rejectUnknownFields, requireObject } from './input';

// The answer keys' checks live in answer-keys.ts (PUT /api/answer reads nothing else of the model).
import { isAnswerKey } from './answer-keys';
export { MAX_ANSWER_LENGTH, isAnswerKey, parseAnswerPatch } from './answer-keys';

export const TAB_GROUPS: ReadonlyMap<string, TabGroupNode> = tabGroups;
export const ADD_ANOTHER: ReadonlyMap<string, AddAnotherNode> = addAnotherButtons;
export { PAGE_PATHS };

/** POST /api/validations: `{key: [messages]}` for known keys. */
export function parseProblems(raw: unknown): FieldErrors {
  const body = requireObject(raw, 'The validations');
  const problems: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    // Names of built-in object properties ("constructor", "__proto__") are no question, and the
    // DynamoDB marshaller crashes on a map holding "constructor": refuse them as unknown.
    if (key in Object.prototype || (!isAnswerKey(key) && !key.match(/^[a-z][a-z0-9_]{0,63}$/))) throw new Invalid(`Unknown question: ${key.slice(0, 64)}.`);
    if (!Array.isArray(value) || value.length > 20 || !value.every((m) => typeof m === 'string' && m.length <= 500)) {
      throw new Invalid(`The problems for ${key} must be a list of messages.`);
    }
    problems[key] = [...new Set(value as string[])];
  }
  if (Object.keys(problems).length > 500) throw new Invalid('Too many problems in one request.');
  return problems;
}

export function parseLastPage(raw: unknown): string {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['last_page']);
  const page = body.last_page;
  if (typeof page !== 'string' || !PAGE_PATHS.includes(page)) {
    throw new Invalid(`last_page must be one of: ${PAGE_PATHS.join(', ')}.`, { last_page: [`last_page must be one of: ${PAGE_PATHS.join(', ')}.`] });
  }
  return page;
}

export function parseWebStatusBody(raw: unknown): unknown {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['web_status']);
  return body.web_status;
}

export function parseTabChoice(raw: unknown): { tabId: string; chosen: string } {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['tab_id', 'chosen_tab']);
  const { tab_id: tabId, chosen_tab: chosen } = body;
  const group = typeof tabId === 'string' ? TAB_GROUPS.get(tabId) : undefined;
  if (!group) throw new Invalid(`tab_id must be one of: ${[...TAB_GROUPS.keys()].join(', ')}.`);
  if (typeof chosen !== 'string' || !group.tabs.some((t) => t.id === chosen)) {
    throw new Invalid(`chosen_tab must be one of: ${group.tabs.map((t) => t.id).join(', ')}.`);
  }
  return { tabId: group.id, chosen };
}

export function parseAddAnother(raw: unknown): { buttonId: string; count: number } {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['button_id', 'num_components']);
  const { button_id: buttonId, num_components: count } = body;
  const button = typeof buttonId === 'string' ? ADD_ANOTHER.get(buttonId) : undefined;
  if (!button) throw new Invalid(`button_id must be one of: ${[...ADD_ANOTHER.keys()].join(', ')}.`);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > button.max) {
    throw new Invalid(`num_components must be a whole number from 1 to ${button.max}.`);
  }
  return { buttonId: button.buttonId, count };
}
