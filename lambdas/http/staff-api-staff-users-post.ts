import { inviteStaffUser } from '#domain/staff/staff-users';
import { ADMIN_ONLY } from '#form/wire/roles';
import { inviteStaffUserInput } from '#form/wire/staff-users';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffUsersPorts } from '#wiring/staff-users';

/** POST /staff/api/staff-users {email, role}: an admin invites a colleague (409 if the e-mail is a staff user's already). */
export const handler = httpHandler(routeRow('inviteStaffUser', { access: 'staff', roles: ADMIN_ONLY }), inviteStaffUserInput, ({ body, staff, event }) =>
  inviteStaffUser(staffUsersPorts(staff, event), body),
);
