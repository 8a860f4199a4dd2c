import { listNotes } from '#domain/notes/notes';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { listNotesPorts } from '#wiring/notes';

/** GET /staff/api/applications/{id}/notes: every staff role reads the office's notes on a submitted application. */
export const handler = httpHandler(routeRow('listNotes', { access: 'staff', roles: ANY_STAFF_ROLE }), ({ path, staff, event }) =>
  listNotes(listNotesPorts(staff, event), parseApplicationId(path.id), staff.email),
);
