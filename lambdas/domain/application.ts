/**
 * The applicant's application as the server sees it: which tabs and add-another buttons exist
 * and the page paths (from the shared form model). The payloads' shape checks are the routes'
 * inputs in the wire contract (form/wire).
 */
// Narrow form/ modules, not the barrel: a route bundles only the parts of the model it reads.
import { PAGE_PATHS } from '#form/contract';
import { addAnotherButtons, tabGroups } from '#form/model';
import type { TabGroupNode, AddAnotherNode } from '#form/types';

export const TAB_GROUPS: ReadonlyMap<string, TabGroupNode> = tabGroups;
export const ADD_ANOTHER: ReadonlyMap<string, AddAnotherNode> = addAnotherButtons;
export { PAGE_PATHS };
