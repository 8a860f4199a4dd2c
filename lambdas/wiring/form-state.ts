/**
 * The form's own state besides the answers (domain/form-state.ts): the tabs chosen and the
 * add-another counts, locked with the application. Their reads, the validations and the last
 * page are one store call each with nothing to decide: those routes call the store directly.
 */
import { saveAddAnother, saveTab } from '#adapters/store/tabs-store';
import type { chooseTab, showAddAnother } from '#domain/form-state';
import type { PortsOf } from './ports-of';

export function tabChoicePorts(): PortsOf<typeof chooseTab> {
  return { saveTab };
}

export function addAnotherPorts(): PortsOf<typeof showAddAnother> {
  return { saveAddAnother };
}
