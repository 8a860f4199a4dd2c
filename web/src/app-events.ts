/**
 * The events boot.ts (the page's only script tag) and the app (main.tsx's chunk) tell each other
 * on the document. This module is boot's: the build keeps it in boot's chunk (see
 * collectStartupModules in vite.config.ts), which the app's chunks import from, never the reverse.
 */
/** The app's first commit: it handles the page's forms now (boot.ts held their submits until then). */
export const APP_MOUNTED = 'app-mounted';
/** boot.ts has put every preload of #root's list in the document. */
export const PRELOADS_LISTED = 'app-preloads-listed';
