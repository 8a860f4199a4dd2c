/**
 * The application's reference: a short code the applicant, the e-mails and the admissions office
 * can all quote. Eight characters of Crockford's base32 (digits and capitals without I, L, O and
 * U, so nothing reads as another character), drawn at random: 32^8 ≈ 10^12 codes. Submit assigns
 * it once; uniqueness is guaranteed by a conditional write of a reservation (see submission-lock).
 */
import { randomInt } from 'node:crypto';

export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 8;

export function newReference(random: (max: number) => number = randomInt): string {
  let out = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) out += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return out;
}

const REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

export function isReference(value: unknown): value is string {
  return typeof value === 'string' && REFERENCE_PATTERN.test(value);
}
