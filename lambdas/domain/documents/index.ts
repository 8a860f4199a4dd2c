/** Document rules: file checks, key layout, statuses, conversion and the application PDF's parts. */
export * from './files';
export * from './keys';
export * from './status';
export { ConversionFailure, asError } from './conversion-error';
export { convertToPdf, type HtmlPrinter, type Converted } from './convert';
export { assembleApplicationPdf, captionText, pageLabel, type Attachment } from './assemble';
export { applicationHtml, type PrintableApplication } from './application-html';
export * from './application-pdf';
