/** What the app shell may use from this feature. */
export { AccountMenu } from './AccountMenu';
