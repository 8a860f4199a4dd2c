/**
 * The applicant's application as the server sees it: which tabs and add-another buttons exist
 * and the page paths (from the shared form model). The payloads' shape checks are the routes'
 * inputs in the wire contract (form/wire).
 */
import { addAnotherButtons, PAGE_PATHS, tabGroups, type TabGroupNode, type AddAnotherNode } from '../../form';

export const TAB_GROUPS: ReadonlyMap<string, TabGroupNode> = tabGroups;
export const ADD_ANOTHER: ReadonlyMap<string, AddAnotherNode> = addAnotherButtons;
export { PAGE_PATHS };
