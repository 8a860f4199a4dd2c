import { addNote } from '#domain/notes/notes';
import { noteInput } from '#form/wire/notes';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { addNotePorts } from '#wiring/notes';

/** POST /staff/api/applications/{id}/notes {text}: any staff role adds a note to a submitted application. */
export const handler = httpHandler(routeRow('postNote', { access: 'staff', roles: ANY_STAFF_ROLE }), noteInput, ({ path, body, staff, event }) =>
  addNote(addNotePorts(staff, event), parseApplicationId(path.id), body.text, staff.email),
);
