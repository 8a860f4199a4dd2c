/** What the app shell may use from this feature. */
export { WelcomeBanner, DeadlineBanners } from './Banners';
