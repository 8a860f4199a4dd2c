import { editNote } from '#domain/notes/notes';
import { noteInput, parseNoteId } from '#form/wire/notes';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { editNotePorts } from '#wiring/notes';

/** PUT /staff/api/applications/{id}/notes/{noteId} {text}: a note's author edits it; the text replaced stays in its history. */
export const handler = httpHandler(routeRow('editNote', { access: 'staff', roles: ANY_STAFF_ROLE }), noteInput, ({ path, body, staff, event }) =>
  editNote(editNotePorts(staff, event), parseApplicationId(path.id), parseNoteId(path.noteId), body.text, staff.email),
);
