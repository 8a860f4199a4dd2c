/**
 * PUT /staff/api/applications/{id}/hold: an admin places a legal or enrolment hold on a submitted
 * application, or lifts it. While it lasts the retention sweep neither warns nor erases the
 * application (its reads and its erasure's condition see the hold) and the office's erasure is
 * refused (close-account.ts). The request is recorded in the audit trail after its checks and
 * before its write; the write is conditional on what was read, so a hold placed, lifted or an
 * erasure begun at the same moment refuses it (409) rather than being overwritten.
 */
import type { HoldChanged, HoldRequest, OfficeHold } from '#form/wire/data-rights';
import { Conflict, NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { ErasureTables } from '../ports/erasure';
import type { HoldStore } from '../ports/retention';
import type { SubmittedApplication } from '../ports/submissions';
import { NO_SUCH_APPLICATION } from './close-account';

export interface HoldPorts {
  readSubmitted(id: string): Promise<Pick<SubmittedApplication, 'reference' | 'hold'> | undefined>;
  readMarker: ErasureTables['readMarker'];
  holds: HoldStore;
  audit: StaffAudit;
  now(): Date;
}

export const ALREADY_HELD = 'This application is already on hold. Lift the hold first to place it again with another reason.';
export const NOT_HELD = 'This application is not on hold, so there is no hold to lift.';
export const BEING_ERASED = 'This application is being erased, so it can no longer be held.';
export const HOLD_CHANGED_MEANWHILE = 'Someone else placed or lifted a hold on this application at the same moment. Reload it and try again.';

const named = (app: Pick<SubmittedApplication, 'reference'>, id: string) => app.reference || id;

export async function holdApplication(ports: HoldPorts, id: string, request: HoldRequest, staff: { email: string }): Promise<HoldChanged> {
  const [app, marker] = await Promise.all([ports.readSubmitted(id), ports.readMarker(id)]);
  if (!app) throw new NotFound(NO_SUCH_APPLICATION);
  if (marker) throw new Conflict(BEING_ERASED);

  if (request.hold) {
    if (app.hold) throw new Conflict(ALREADY_HELD);
    const hold: OfficeHold = { reason: request.reason, by: staff.email, at: ports.now().toISOString() };
    await ports.audit({ action: 'hold', application: id, detail: { reason: hold.reason } });
    if (!(await ports.holds.placeHold(id, hold))) throw new Conflict(HOLD_CHANGED_MEANWHILE);
    return { message: `The application ${named(app, id)} is on hold: retention keeps it and it cannot be erased until the hold is lifted.`, hold };
  }

  if (!app.hold) throw new Conflict(NOT_HELD);
  await ports.audit({ action: 'hold.lift', application: id });
  if (!(await ports.holds.liftHold(id, app.hold.at))) throw new Conflict(HOLD_CHANGED_MEANWHILE);
  return { message: `The hold on the application ${named(app, id)} is lifted: retention applies to it again.`, hold: null };
}
