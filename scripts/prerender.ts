/**
 * Prerenders the landing pages into the web build (issue 29), run by web/vite.config.ts after
 * every client build: builds web/src/prerender-entry.tsx for Node with Vite's SSR mode, renders
 * each path of form/prerendered.ts to `<path>.html` and index.html's body to the shell
 * (the spinner), and gives each page a modulepreload for its lazy chunks and a stylesheet link
 * for their CSS, so nothing waits for the entry script to ask for them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
// Relative paths, not the #aliases: Vite's config imports this module before it knows the aliases.
import { toIsoDate } from '../form/dates';
import { DEFAULT_LANGUAGE, directionOf, htmlLangOf, type LanguageCode } from '../form/i18n/languages';
import { PRERENDERED_LANGUAGES, PRERENDERED_PATHS, prerenderedFile } from '../form/prerendered';

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'web');

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Chunks loaded by `key` before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** The module main.tsx mounts React with (React's renderer, in a task of its own). */
export const MOUNT_MODULE = 'src/app/mount.tsx';

/**
 * Library chunks every page preloads at start although no start-up module imports them. None
 * now: yup was one until the form pages validated without it (issue 41 made room for the
 * language catalogs; docs/performance.md). Names of code-splitting groups in web/vite.config.ts.
 */
export const PRELOADED_LIBRARY_CHUNKS: readonly string[] = [];

/**
 * Chunks every page loads at start, with their static imports: the entry (boot.ts), what it
 * imports when it starts (main.tsx, whose chunk may be named by its code-splitting group), the
 * mount module and the preloaded libraries.
 */
export function startupChunks(manifest: Manifest): Set<string> {
  const entry = entryKey(manifest);
  const chunks = staticClosure(manifest, entry);
  for (const started of manifest[entry]!.dynamicImports ?? []) staticClosure(manifest, started, chunks);
  if (!manifest[MOUNT_MODULE]) throw new Error(`${MOUNT_MODULE} is not in the Vite manifest`);
  staticClosure(manifest, MOUNT_MODULE, chunks);
  for (const name of PRELOADED_LIBRARY_CHUNKS) {
    const key = Object.keys(manifest).find((k) => manifest[k]!.name === name && !manifest[k]!.src);
    if (!key) throw new Error(`no ${name} chunk in the Vite manifest`);
    staticClosure(manifest, key, chunks);
  }
  return chunks;
}

/** The build's entry chunk (index.html's script) in the manifest. */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('no entry chunk in the Vite manifest');
  return key;
}

/**
 * What web/src/prerender-entry.tsx exports, built for Node. Written out rather than taken with
 * `typeof import(...)`: this script is Node code, checked without the browser's types, and the
 * web app it renders is checked in its own project.
 */
interface Entry {
  renderPage(path: string, renderDate: string, language: LanguageCode): Promise<{ html: string; modules: string[]; title: string }>;
  renderShell(): Promise<string>;
}

/**
 * Builds the server entry into `outDir` and imports it. A directory of its own per build: Node
 * keeps an imported module for the process's life, and the entry's own chunks import it back by
 * its plain path (a query string on the import would load a second copy).
 */
async function buildServerEntry(outDir: string): Promise<Entry> {
  const { build } = await import('vite');
  await build({
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'error',
    mode: 'production',
    build: { ssr: 'src/prerender-entry.tsx', outDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  return (await import(pathToFileURL(join(outDir, 'prerender-entry.js')).href)) as Entry;
}

// Prettier may put the closing comment on its own line.
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>\s*<!--\/root-->/;

const HTML_ELEMENT = /<html lang="en">/;

const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/**
 * The built index.html with `body` in #root, `head` before </head>, #root's data for main.tsx, the
 * language on <html>, and the title in that language (index.html's, the institution's language, when none).
 */
function page(template: string, body: string, head: string, data: Record<string, string>, language: LanguageCode = DEFAULT_LANGUAGE, title?: string): string {
  if (!ROOT_ELEMENT.test(template)) throw new Error('web/index.html has no <div id="root">…</div><!--/root--> to render into');
  if (!HTML_ELEMENT.test(template)) throw new Error('web/index.html has no <html lang="en"> to give the page\'s language');
  const attributes = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${v.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"`)
    .join('');
  const titled =
    title === undefined ? template : template.replace(TITLE_ELEMENT, () => `<title>${title.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>`);
  return titled
    .replace(HTML_ELEMENT, `<html lang="${htmlLangOf(language)}" dir="${directionOf(language)}">`)
    .replace('</head>', `${head}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root"${attributes}>${body}</div>`);
}

/** Renders every prerendered path and the shell into `outDir` (the client build, with its manifest). */
export async function prerender(outDir: string): Promise<void> {
  // Inside the repository, so the externalised libraries resolve from node_modules.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  // Earlier builds' entries go first; this one stays until the next (the pages it rendered may
  // still be importing chunks in the background when this returns).
  for (const old of readdirSync(cache).filter((d) => d.startsWith(SERVER_DIR_PREFIX))) rmSync(join(cache, old), { recursive: true, force: true });
  await renderInto(outDir, await buildServerEntry(mkdtempSync(join(cache, SERVER_DIR_PREFIX))));
}

const SERVER_DIR_PREFIX = 'prerender-entry-';

async function renderInto(outDir: string, entry: Entry): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryChunks = staticClosure(manifest, entryKey(manifest));
  const initial = startupChunks(manifest);
  const startup = [...initial].filter((k) => !entryChunks.has(k));
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  const renderDate = toIsoDate(new Date());
  for (const path of PRERENDERED_PATHS) for (const language of PRERENDERED_LANGUAGES) await renderOne(path, language);
  async function renderOne(path: string, language: LanguageCode): Promise<void> {
    const { html, modules, title } = await entry.renderPage(path, renderDate, language);
    const chunks = new Set<string>();
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`prerendering ${path}: ${module} is not in the Vite manifest`);
      for (const key of staticClosure(manifest, module)) if (!initial.has(key)) chunks.add(key);
    }
    // The route's CSS is the page's: linked like the app's own. Its scripts boot.ts preloads after the first paint.
    const head = [...chunks]
      .flatMap((k) => manifest[k]!.css ?? [])
      .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`)
      .join('');
    // The page's language's catalog, which main.tsx imports before it mounts (web/src/lib/i18n.tsx).
    const catalog = `../form/i18n/compiled/${language}.ts`;
    if (!manifest[catalog]) throw new Error(`prerendering ${path}: ${catalog} is not in the Vite manifest`);
    const preload = [...startup, catalog, ...chunks].map((k) => `/${manifest[k]!.file}`).join(' ');
    const file = join(outDir, prerenderedFile(path, language));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page(template, html, head, { prerendered: path, language, 'render-date': renderDate, preload }, language, title));
  }
  // The shell needs its scripts to show anything: the HTML preloads them at once.
  const shellHead = startup.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`).join('');
  writeFileSync(join(outDir, 'index.html'), page(template, await entry.renderShell(), shellHead, {}));
}
