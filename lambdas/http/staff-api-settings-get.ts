import { readSettings } from '#domain/settings/settings';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { settingsReadPorts } from '#wiring/office-words';

/** GET /staff/api/settings: every section of Settings as applicants read it now, and the version each is. */
export const handler = httpHandler(routeRow('readSettings', { access: 'staff', roles: ADMIN_ONLY }), () => readSettings(settingsReadPorts()));
