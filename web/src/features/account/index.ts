/** What the app shell may use from this feature: the applicant's own account (closing it). */
export { CloseAccountPage } from './components/CloseAccountPage';
