/** What the app shell (and the statement pages) may use from this feature. */
export { SiteFooter } from './SiteFooter';
export { daysInWords } from './retention-words';
export { RetentionList } from './RetentionList';
