/**
 * What an applicant is told about a temporary link (answers an admissions office prepared), on
 * the page the link opens. The e-mail that carries the link says the same in its default wording
 * (form/mail-words.ts), which the office may change in Settings.
 */
import { institution } from './institution';

export const preparedByOfficeText = (name: string = institution.name): string =>
  `${name} has started your application. Check the answers and create an account to continue.`;
