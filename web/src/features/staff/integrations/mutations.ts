import { SIS_CLIENTS_KEY } from '../api/queries';
import { addSisClient, revokeSisClient } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** Makes a client; the list is read again after it. */
export const useAddSisClient = () => useStaffWrite(['staff-sis-client'], addSisClient, { reread: SIS_CLIENTS_KEY });

/** Revokes a client; the list is read again whatever the answer. */
export const useRevokeSisClient = () => useStaffWrite(['staff-revoke-sis-client'], revokeSisClient, { reread: SIS_CLIENTS_KEY, rereadOnError: true });
