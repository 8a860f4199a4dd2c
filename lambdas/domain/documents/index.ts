/** Document rules: file checks, key layout, statuses, conversion and the application PDF's parts. */
export * from './files';
export * from './keys';
export * from './status';
export { ConversionFailure } from './conversion-error';
export { convertToPdf, type HtmlPrinter } from './convert';
export { assembleApplicationPdf } from './assemble';
export { applicationHtml } from './application-html';
export * from './application-pdf';
