import { QUEUE_KEY } from '../api/queries';
import { checkoutApplication, reassignApplications, releaseCheckout } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** A checkout taken, renewed or released changes what the queue offers: it is read again. */
const effects = { reread: QUEUE_KEY, rereadOnError: true } as const;

export const useCheckout = () => useStaffWrite(['staff-checkout'], checkoutApplication, effects);
export const useReleaseCheckout = () => useStaffWrite(['staff-checkout-release'], releaseCheckout, effects);
export const useReassign = () => useStaffWrite(['staff-reassign'], reassignApplications, { reread: QUEUE_KEY });
