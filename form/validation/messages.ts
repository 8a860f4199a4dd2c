/**
 * Every validation message of the form specification, word for word. The message of a required
 * field is its label (or the message its question names), declared with the question in pages/.
 */
export const MESSAGES = {
  birthDateRequired: 'Date of Birth',
  birthDateInvalid: 'A valid date of birth is required.',
  birthDateTooEarly: 'This date is not supported. Please contact help support for assistance.',
  birthDateTooLate: 'You must be 13 years or older to apply.',
  phoneHome: 'Please enter a valid home phone number.',
  phoneMobile: 'Please enter a valid cell phone number.',
  phoneEmergency: 'Please enter a valid emergency contact phone number.',
  phoneEmergencyRequired: 'Please enter an emergency contact phone number.',
  phoneEither: 'Please enter either a home phone or cell phone number.',
  phoneSms: 'A cell phone number is required to receive text message updates.',
  stateRequired: 'State/Province',
  zipRequired: 'ZIP/Postal Code',
  zipMin: 'ZIP/Postal Code must be at least 5 characters.',
  mailingMinYear: (year: number) => `The minimum supported year is ${year}`,
  mailingMaxYear: (year: number) => `The maximum supported year is ${year}`,
  parentEmail: (n: 1 | 2) => `Parent ${n}/Guardian ${n}: Please enter a valid email address.`,
  parentPhone: (n: 1 | 2) => `Parent ${n}/Guardian ${n}: Please enter a valid phone number.`,
  counselorEmail: 'The counselor email address you entered is invalid.',
  satScore: (section: string) => `Please provide a valid SAT ${section} Score. The score must be between 200 and 800 in an increment of 10 (e.g., 570).`,
  actScore: (section: string) => `Please provide a valid ACT ${section} Score. The score must be between 1 and 36.`,
  maxLength: (max: number) => `must be at most ${max} characters`,
  // A stored value that is not (or no longer) an option: named in words, never by its code.
  choiceNotOffered: (label: string) => `${label} is not one of the choices. Please choose another.`,
  choiceUnknown: 'Please choose one of the listed answers.',
  checkboxInvalid: 'Please check or uncheck this box.',
  monthInvalid: 'Please choose a month from the list.',
  yearNotOffered: (year: string) => `${year} is not one of the years offered. Please choose another year.`,
  yearInvalid: 'Please choose a year from the list.',
  termClosed: (label: string) => `${label} is no longer open. Please choose another term.`,
  roundClosed: (label: string) => `${label} has closed. Please choose one of the rounds still open.`,
} as const;

/** The file-name length refusal for a limit (the form's documents: 32; a recommender's letter: 255). */
export function fileNameTooLong(max: number): string {
  return `The name of your file is too long. File name can have a maximum of ${max} characters, including the extension.`;
}

export const FILE_MESSAGES = {
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  type: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  nameTooLong: fileNameTooLong(32),
  empty: 'Your file is empty. Please upload a non-empty file.',
  anonymous: 'This question can be finished once you have created an account.',
} as const;
