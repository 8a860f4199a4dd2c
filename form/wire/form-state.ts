/** Inputs of the tab and add-another routes: checked against the pages' tab groups and buttons. */
import { addAnotherButtons, tabGroups } from '../model';
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';

export const saveTabInput = bodyInput<{ tab_id: string; chosen_tab: string }>()((raw): { tabId: string; chosen: string } => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['tab_id', 'chosen_tab']);
  const { tab_id: tabId, chosen_tab: chosen } = body;
  const group = typeof tabId === 'string' ? tabGroups.get(tabId) : undefined;
  if (!group) throw new InputError(`tab_id must be one of: ${[...tabGroups.keys()].join(', ')}.`);
  if (typeof chosen !== 'string' || !group.tabs.some((t) => t.id === chosen)) {
    throw new InputError(`chosen_tab must be one of: ${group.tabs.map((t) => t.id).join(', ')}.`);
  }
  return { tabId: group.id, chosen };
});

export const saveAddAnotherInput = bodyInput<{ button_id: string; num_components: number }>()((raw): { buttonId: string; count: number } => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['button_id', 'num_components']);
  const { button_id: buttonId, num_components: count } = body;
  const button = typeof buttonId === 'string' ? addAnotherButtons.get(buttonId) : undefined;
  if (!button) throw new InputError(`button_id must be one of: ${[...addAnotherButtons.keys()].join(', ')}.`);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > button.max) {
    throw new InputError(`num_components must be a whole number from 1 to ${button.max}.`);
  }
  return { buttonId: button.buttonId, count };
});
