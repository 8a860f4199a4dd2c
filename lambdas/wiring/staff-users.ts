/**
 * The console's staff management (domain/staff/staff-users.ts): the staff pool's admin
 * operations (Cognito's in AWS, the local stack's stand-in for its API locally), the last
 * sign-ins and the admin-change lock in the status table, and the staff member's sessions'
 * record, which every staff route reads (middleware/staff-session.ts).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { localStaffDirectory } from '#adapters/identity/registered-local';
import { StaffRolesCognito } from '#adapters/identity/staff-roles-cognito';
import { adminChangeLock, lastStaffSignIns } from '#adapters/store/staff-users-store';
import { recordSignOut } from '#adapters/store/status-store';
import { staffSessionKey } from '#domain/ports/keys';
import type { StaffAdministration } from '#domain/ports/staff-identity';
import type { StaffUsersPorts } from '#domain/staff/staff-users';
import { config, onConfigChange } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import { staffAudit } from './staff-audit';

let cognito: StaffRolesCognito | undefined;
onConfigChange(() => (cognito = undefined));

function staffDirectory(): StaffAdministration {
  if (config().identityProvider === 'local') {
    const local = localStaffDirectory();
    if (!local) throw new Error('IDENTITY_PROVIDER=local but the local stack registered no staff directory');
    return local;
  }
  cognito ??= new StaffRolesCognito();
  return cognito;
}

/**
 * A deactivated member's sessions end as a sign-out everywhere does: their record refuses every
 * token issued up to this second (the next one, so a token of this very second is refused too),
 * read by every staff route through a cache of SESSION_CACHE_SECONDS (status-store.ts).
 */
const endSessions = (sub: string) => recordSignOut(staffSessionKey(sub), undefined, Math.floor(Date.now() / 1000) + 1);

export function staffUsersPorts(staff: StaffMember, event: APIGatewayProxyEventV2): StaffUsersPorts {
  return { directory: staffDirectory(), audit: staffAudit(staff, event), lastSignIns: lastStaffSignIns, adminLock: adminChangeLock(), endSessions };
}
