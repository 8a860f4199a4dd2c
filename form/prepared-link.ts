/**
 * What an applicant is told about a temporary link (answers an admissions office prepared): on
 * the page the link opens and in the e-mail that carries it, in the same words.
 */
import { institution } from './institution';

export const preparedByOfficeText = (name: string = institution.name): string =>
  `${name} has started your application. Check the answers and create an account to continue.`;
