/**
 * The office's notes on an application (domain/notes/notes.ts): the notes' own partition, the
 * answers item that says the application is submitted, the access record of whoever reads or
 * writes, and (for a new note) the account's closure, which takes back a note written during an
 * erasure.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readAnswers } from '#adapters/store/answers-store';
import { readErasureMarker } from '#adapters/store/erasure-store';
import { notesStore } from '#adapters/store/notes-store';
import { isAccountClosed } from '#adapters/store/status-store';
import type { addNote, editNote, listNotes } from '#domain/notes/notes';
import type { StaffMember } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';

const base = (staff: StaffMember, event: APIGatewayProxyEventV2) => ({
  notes: notesStore,
  readAnswers,
  audit: staffAudit(staff, event),
  now: () => new Date(),
});

export const listNotesPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof listNotes> => base(staff, event);

export const editNotePorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof editNote> => base(staff, event);

export const addNotePorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof addNote> => ({
  ...base(staff, event),
  sessionClosed: isAccountClosed,
  readMarker: readErasureMarker,
  newId: randomUUID,
});
