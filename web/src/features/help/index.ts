/** What the app shell may use from this feature. */
export { SiteFooter } from './SiteFooter';
