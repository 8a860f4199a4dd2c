import { TEMPORARY_LINKS_KEY } from '../api/queries';
import { createTemporaryLink, revokeTemporaryLink } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** Issues a link; the links issued are read again after it. */
export const useIssueTemporaryLink = () => useStaffWrite(['staff-temporary-link'], createTemporaryLink, { reread: TEMPORARY_LINKS_KEY });

/** Ends a link at once; the links issued are read again whatever the answer. */
export const useRevokeTemporaryLink = () => useStaffWrite(['staff-revoke-link'], revokeTemporaryLink, { reread: TEMPORARY_LINKS_KEY, rereadOnError: true });
