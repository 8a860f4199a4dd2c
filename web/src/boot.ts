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
import { APP_MOUNTED, PRELOADS_LISTED } from './app-events';

const root = document.getElementById('root');

/**
 * Until the app has taken the page over, a prerendered form must not submit natively (a GET to
 * the page with the typed password in the address). The submit is held and made again once the
 * app runs: React replays what was typed before hydration as change events, and the form's own
 * handler then checks and sends it. app/app.tsx dispatches the event on its first commit.
 */
let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
function holdSubmit(event: SubmitEvent): void {
  event.preventDefault();
  heldSubmit = { form: event.target as HTMLFormElement, submitter: event.submitter };
}
document.addEventListener('submit', holdSubmit, true);
/**
 * Text typed into a prerendered field before the app ran is on screen but not in the app's
 * state (React takes the field's value as it finds it and sees no change). Each such field is
 * set back through the element (which React tracks) and forward through the prototype's setter
 * (which it does not), then an input event tells the app, as if it had been typed now.
 */
function handOverTypedText(): void {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * A choice made in a prerendered page before the app ran (a select, a checkbox, a radio button) is
 * set back to the app's state by hydration, which, unlike typed text, React does not replay. Each
 * is noted as it is made and made again through the element once the app runs, so the app hears
 * it as a change (a country chosen early still shows its states).
 */
const earlyChoices = new Map<HTMLSelectElement | HTMLInputElement, string | boolean>();
function noteChoice(event: Event): void {
  const field = event.target;
  if (field instanceof HTMLSelectElement) earlyChoices.set(field, field.value);
  else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) earlyChoices.set(field, field.checked);
}
document.addEventListener('change', noteChoice, true);

function handOverChoices(): void {
  for (const [field, choice] of earlyChoices) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      // React hears a select's change event as it is (it keeps no record of a select's value).
      field.value = String(choice);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      // As for typed text: set back through the element (which React tracks), forward through the
      // prototype, then a click event that is no mouse click (it toggles nothing) tells the app.
      field.checked = !choice;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, choice);
      field.dispatchEvent(new Event('click', { bubbles: true }));
    }
  }
  earlyChoices.clear();
}

/**
 * A button pressed before the app ran (Help, a password's Show) has no handler yet, and the press
 * would be lost: the last one is held and made again once the app runs. A submit button's press
 * is the held submit above. So is a link to another page followed once something was typed or
 * chosen: the HTML's navigation would lose it, the app's takes it along (to sign-up, in hand).
 */
let heldPress: HTMLButtonElement | HTMLAnchorElement | null = null;
function holdPress(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && button.type !== 'submit') heldPress = button;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (link && followedByTheApp(link, event) && answersOnThePage()) {
    // The HTML would load the next page and drop what was typed here; the app takes it along.
    event.preventDefault();
    heldPress = link;
  }
}

/** A plain click on a link to another of the app's pages (not a new tab, a download or another site). */
function followedByTheApp(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  return link.origin === location.origin && link.pathname !== location.pathname;
}

/** Whether the visitor has typed or chosen anything on this page yet (what a page load would lose). */
const answersOnThePage = (): boolean => typedEarly || earlyChoices.size > 0;
let typedEarly = false;
const noteTyping = (): void => void (typedEarly = true);
document.addEventListener('input', noteTyping, true);
document.addEventListener('click', holdPress, true);

document.addEventListener(
  APP_MOUNTED,
  () => {
    document.removeEventListener('submit', holdSubmit, true);
    document.removeEventListener('change', noteChoice, true);
    document.removeEventListener('click', holdPress, true);
    document.removeEventListener('input', noteTyping, true);
    if (root?.dataset.prerendered) {
      handOverTypedText();
      handOverChoices();
    }
    const held = heldSubmit;
    heldSubmit = null;
    // After the hydration's own replayed change events.
    if (held?.form.isConnected) setTimeout(() => held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null), 0);
    const pressed = heldPress;
    heldPress = null;
    if (pressed?.isConnected) setTimeout(() => pressed.click(), 0);
  },
  { once: true },
);

/**
 * Asks for `hrefs` a few at a time, a task for each few: each request a link starts costs the
 * main thread about a millisecond (four on a slow phone), and /about lists some forty chunks, one
 * long task of 140–250 ms at 4× CPU when they were asked for at once (issue 41 item 6).
 */
const PRELOADS_PER_TASK = 4;
function preload(hrefs: readonly string[]): void {
  for (const href of hrefs.slice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length > PRELOADS_PER_TASK) setTimeout(() => preload(hrefs.slice(PRELOADS_PER_TASK)), 0);
  else preloadsListed();
}

/**
 * Every preload is in the document: main.tsx starts the route's lazy imports only then. The
 * build's preload helper, which each of them goes through, looks at the document's links once and
 * adds those it does not find, a second request for each chunk still in this list (some ten on
 * /about, 1–2 ms each in the router's task).
 */
function preloadsListed(): void {
  if (root) root.dataset.preloaded = '';
  document.dispatchEvent(new Event(PRELOADS_LISTED));
}

/**
 * The browser's first date formatter sets up its date and time-zone data: 40–60 ms of the main
 * thread (160–250 ms at 4× CPU), paid by whichever code formats a date first, the deadline banners
 * while React hydrates. Done here in a task of its own while the chunks download, the hydration's
 * tasks do not carry it.
 */
const warmDates = () => void new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0);

/**
 * The page's first read of its cookies, and of each storage, is a synchronous call to the browser
 * process (10–20 ms of waiting on a loaded phone), paid by whichever script reads first: the app's
 * session store and language as its module graph evaluates, the longest start-up task (issue 41
 * item 6). Made here in a task of its own while the chunks download, later reads are the page's own.
 */
function warmStorage(): void {
  void document.cookie;
  try {
    localStorage.getItem('');
    sessionStorage.getItem('');
  } catch {
    // Storage refused (private mode): the app reads nothing from it either.
  }
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  // The list begins with the app's entry and the libraries (scripts/prerender.ts): those first.
  preload((root?.dataset.preload ?? '').split(' ').filter(Boolean));
  void import('./main');
  setTimeout(warmStorage, 0);
  setTimeout(warmDates, 0);
}

// Waiting for a paint only helps a visitor looking at the prerendered page: not a tab that is not
// shown (the PDF renderer's, a background tab: no frames), nor an address with a query (a reset
// link, the print view), which the app renders afresh anyway (app/mount.tsx).
if (root?.dataset.prerendered && document.visibilityState === 'visible' && !location.search) {
  // After the next frame is painted: a timeout queued from requestAnimationFrame runs after that
  // paint. A tab opened in the background paints no frames, hence the fallback.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
} else {
  start();
}
