import { saveSetting } from '#domain/settings/settings';
import { ADMIN_ONLY } from '#form/wire/roles';
import { parseSettingsSection, saveSettingInput } from '#form/wire/settings';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { settingsSavePorts } from '#wiring/office-words';

/** PUT /staff/api/settings/{section} {value} or {revertedFrom}: an admin's edit or revert of one section's words. */
export const handler = httpHandler(routeRow('saveSetting', { access: 'staff', roles: ADMIN_ONLY }), saveSettingInput, ({ path, body, staff, event }) =>
  saveSetting(settingsSavePorts(staff, event), parseSettingsSection(path.section), body, staff),
);
