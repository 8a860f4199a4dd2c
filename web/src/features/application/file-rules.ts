/** Human-readable file size for the attached-file line: the printer's, so the form and the PDF agree. */
export { formatFileSize as formatSize } from './model';
