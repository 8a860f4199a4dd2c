import { createStore } from './store';

/**
 * Whether the answers on screen came from a temporary link an admissions office prepared: the
 * welcome then says so, until the visitor has an account.
 */
export const preparedLinkStore = createStore(false);
