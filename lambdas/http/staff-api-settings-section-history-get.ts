import { readSettingHistory } from '#domain/settings/settings';
import { ADMIN_ONLY } from '#form/wire/roles';
import { parseSettingsSection } from '#form/wire/settings';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { settingsReadPorts } from '#wiring/office-words';

/** GET /staff/api/settings/{section}/history: every version of a section, newest first, with who saved it and when. */
export const handler = httpHandler(routeRow('readSettingHistory', { access: 'staff', roles: ADMIN_ONLY }), ({ path }) =>
  readSettingHistory(settingsReadPorts(), parseSettingsSection(path.section)),
);
