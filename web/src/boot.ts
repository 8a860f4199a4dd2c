/**
 * The page's only script tag. A prerendered page is readable without JavaScript, so its scripts
 * are asked for once it has painted: on a slow phone the HTML and the stylesheet then have the
 * connection to themselves, and the paint never waits for a script to download or run. Then
 * everything is asked for at once (no waterfall): the app (main.tsx), React's renderer and the
 * route's own chunks, which the build listed in #root's data-preload. The shell (index.html)
 * shows nothing without the app and starts it at once, its chunks preloaded by the HTML itself.
 */
// The stylesheet is the HTML's (Vite links the entry's CSS): the first paint needs it, not the app.
import './styles.css';

const root = document.getElementById('root');

let started = false;
function start(): void {
  if (started) return;
  started = true;
  for (const href of (root?.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./main');
}

if (root?.dataset.prerendered) {
  // After the next frame is painted: a timeout queued from requestAnimationFrame runs after that
  // paint. A tab opened in the background paints no frames, hence the fallback.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
} else {
  start();
}
