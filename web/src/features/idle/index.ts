/** What the app shell may use from this feature. */
export { IdleTimeout } from './IdleTimeout';
