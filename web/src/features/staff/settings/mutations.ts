import { SETTINGS_KEY } from '../api/queries';
import { saveSetting } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** Saves or reverts one section of Settings; the words and the history are read again after it. */
export const useSaveSetting = () => useStaffWrite(['staff-save-setting'], saveSetting, { reread: SETTINGS_KEY });
