/**
 * What a student information system writes back (/sis/v1/): a checklist item marked received or
 * waived, and a decision with its `Idempotency-Key`. The decision's body is the console's
 * (form/wire/decisions.ts); a material's body names its item, which the console's route has in
 * its path, and cannot undo a mark (`awaiting` is the office's alone).
 */
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';
import { parseMarkMaterial, type MarkMaterialRequest } from './materials';

export const SIS_MATERIAL_STATUSES = ['received', 'waived'] as const;
export type SisMaterialStatus = (typeof SIS_MATERIAL_STATUSES)[number];

/** The longest key kept: a UUID or a client's own request id fits many times over. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const SIS_WRITE_MESSAGES = {
  item: 'Name the checklist item in item, for example "transcript".',
  status: `Choose a status: ${SIS_MATERIAL_STATUSES.join(' or ')} (undoing a mark is the office's, in the console).`,
  noKey: 'This route needs an Idempotency-Key header: a value of your own (a UUID, for example), sent again unchanged when you retry the same request.',
  badKey: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (letters, digits, punctuation; no spaces).`,
} as const;

export interface SisMarkMaterialRequest extends MarkMaterialRequest {
  item: string;
}

/** `{item, status: 'received' | 'waived', received_at?}`: the day's rules are the console's (parseMarkMaterial). */
export function parseSisMarkMaterial(raw: unknown): SisMarkMaterialRequest {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, ['item', 'status', 'received_at']);
  const { item, ...mark } = body;
  if (typeof item !== 'string' || !item.trim()) throw new InputError(SIS_WRITE_MESSAGES.item, { item: [SIS_WRITE_MESSAGES.item] });
  if (typeof mark.status !== 'string' || !(SIS_MATERIAL_STATUSES as readonly string[]).includes(mark.status))
    throw new InputError(SIS_WRITE_MESSAGES.status, { status: [SIS_WRITE_MESSAGES.status] });
  return { item: item.trim(), ...parseMarkMaterial(mark) };
}

export const sisMarkMaterialInput = bodyInput<{ item: string; status: SisMaterialStatus; received_at?: string }>()(parseSisMarkMaterial);

/** The `Idempotency-Key` header's value: required, visible ASCII, at most 255 characters. */
export function parseIdempotencyKey(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') throw new InputError(SIS_WRITE_MESSAGES.noKey);
  if (raw.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(raw)) throw new InputError(SIS_WRITE_MESSAGES.badKey);
  return raw;
}
