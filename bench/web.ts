/**
 * The web app's budgets (issues 4 and 29): initial JavaScript and each lazy page chunk, gzip,
 * against the budget and against a library-only bundle (React + react-dom + react-router-dom +
 * @tanstack/react-query + yup, nothing of ours) built in the same run with the same Vite; then
 * Lighthouse (mobile), the median of three runs, on the prerendered landing pages of the local
 * stack, beside the figures measured before they were prerendered. Printed, never asserted,
 * with one exception: the staff console (issue 16) must have no module in the applicant's
 * initial load.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANGUAGES } from '#form/i18n/languages';
import { PRERENDERED_PATHS } from '#form/prerendered';
import { startupChunks, staticClosure, type Manifest } from '../scripts/prerender';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'web');
const KB = 1024;
export const INITIAL_BUDGET_KB = 130;
export const PAGE_CHUNK_BUDGET_KB = 30;
/** Issue 29: a phone's first paint as fast as a server-rendered page. */
export const LIGHTHOUSE_TARGETS = { performance: 98, accessibility: 100, lcpMs: 1500, tbtMs: 100, cls: 0 };
/** Lighthouse runs per page; the median of each figure is printed (one run swings by several points). */
const LIGHTHOUSE_RUNS = 3;
/**
 * The pages measured, all prerendered (form/prerendered.ts); /recommend without a token, as a truncated link opens it.
 * /about is measured as a visitor without a session sees it.
 */
const LIGHTHOUSE_PAGES = ['/about', '/login', '/staff/login', '/recommend'].filter((p) => PRERENDERED_PATHS.includes(p));
/**
 * Before the pages were prerendered (issue 29's measurement: one run each, same Lighthouse and
 * settings, the 2-core machine), printed beside today's.
 */
const BEFORE_PRERENDERING: Record<string, { performance: number; lcpMs: number; tbtMs?: number }> = {
  '/about': { performance: 89, lcpMs: 2900, tbtMs: 250 },
  '/login': { performance: 97, lcpMs: 2300 },
  '/staff/login': { performance: 97, lcpMs: 2300 },
};

/** The languages' compiled catalogs (form/i18n/compiled), each a chunk of its own; the pseudo-locale is development's only. */
const CATALOG_CHUNK = /form\/i18n\/compiled\/(?!pseudo)[\w-]+\.ts$/;
/**
 * The catalogs' lazy parts (compiled/<part>/<code>.ts, form/i18n/parts.ts): the routes' loaders (or
 * a lazy section) load them with their page, so each is counted with the pages that load it (the
 * largest language's), not as a page of its own.
 */
const PART_CHUNK = /form\/i18n\/compiled\/(form|status|recommend)\/[\w-]+\.ts$/;
const PAGE_PARTS: { page: RegExp; parts: string[] }[] = [
  { page: /features\/application\/routes\/(about|education|final-steps|review)\.tsx$/, parts: ['form'] },
  { page: /app\/completion-layout\.tsx$/, parts: ['status', 'recommend'] },
  { page: /app\/(messages|account)-layout\.tsx$/, parts: ['status'] },
  { page: /features\/recommendations\/(routes\/recommend|components\/RecommendationsSection)\.tsx$/, parts: ['recommend'] },
];
/**
 * A lazy route under a lazy layout never opens without it (web/src/app/router.tsx): the form pages
 * come with the form layout, so the first form page an applicant opens downloads both (and its
 * part). Printed beside the page's own figure, which counts only what the page's chunk imports.
 */
const PAGE_LAYOUTS: { page: RegExp; layout: string }[] = [
  { page: /features\/application\/routes\/(about|education|final-steps|review)\.tsx$/, layout: 'src/app/form-layout.tsx' },
];
const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / KB;
const kb = (v: number) => `${v.toFixed(1)} kB`;
const verdict = (value: number, budget: number) => (value <= budget ? 'within budget' : 'OVER BUDGET');

/** Each output JavaScript file and the source modules bundled into it (absolute paths). */
type ChunkModules = Map<string, string[]>;

/** Vite with NODE_ENV=production (npm scripts and vitest may set it otherwise) so React is its production build. */
async function viteBuild(config: Parameters<(typeof import('vite'))['build']>[0]): Promise<ChunkModules> {
  const { build } = await import('vite');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({ logLevel: 'error', mode: 'production', ...config });
    const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
    const modules: ChunkModules = new Map();
    for (const out of outputs) for (const item of out.output) if (item.type === 'chunk') modules.set(item.fileName, item.moduleIds);
    return modules;
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** The staff console's sources: none of them may load with the applicant's first page. */
export const STAFF_SOURCES = /[\\/]web[\\/]src[\\/]features[\\/]staff[\\/]/;

/** The staff console's modules (and any other matching `pattern`) bundled into the given files. */
export function modulesIn(files: readonly string[], chunkModules: ChunkModules, pattern: RegExp): string[] {
  return files.flatMap((f) => chunkModules.get(f) ?? []).filter((id) => pattern.test(id));
}

interface BundleFigures {
  initialKb: number;
  initialFiles: string[];
  /** Staff console modules found in the initial files (must be none). */
  staffInInitial: string[];
  /** Staff console chunks: file and gzip size. */
  staffChunks: { file: string; kb: number }[];
  /** `withLayoutKb`: the page with its lazy layout (PAGE_LAYOUTS), each chunk counted once. */
  pages: { name: string; ownKb: number; addedKb: number; withLayoutKb?: number }[];
}

/** Builds the app (into web/dist, as npm start does) and measures what each load costs. */
export async function measureApp(): Promise<BundleFigures> {
  const chunkModules = await viteBuild({ configFile: join(WEB, 'vite.config.ts'), build: { manifest: true } });
  const dist = join(WEB, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // The entry and the module it mounts React with (a task of its own, on every page), and the
  // active language's catalog, which main.tsx imports before mounting (the largest of them counts).
  const initial = startupChunks(manifest);
  const catalogs = Object.keys(manifest).filter((k) => CATALOG_CHUNK.test(k));
  const largestCatalog = catalogs.sort((a, b) => gzipKb(join(dist, manifest[b]!.file)) - gzipKb(join(dist, manifest[a]!.file)))[0];
  if (largestCatalog) initial.add(largestCatalog);
  const size = (key: string) => gzipKb(join(dist, manifest[key]!.file));
  const initialKb = [...initial].reduce((s, k) => s + size(k), 0);
  // A page chunk: each lazily imported module; "added" is what opening it downloads beyond the initial load.
  const lazy = Object.keys(manifest).filter(
    (k) => manifest[k]!.isDynamicEntry && !initial.has(k) && !CATALOG_CHUNK.test(k) && !PART_CHUNK.test(k) && !k.includes('compiled/pseudo'),
  );
  const partKb = (part: string) =>
    Math.max(
      0,
      ...Object.keys(manifest)
        .filter((k) => PART_CHUNK.test(k) && k.includes(`/compiled/${part}/`) && !k.includes('/pseudo'))
        .map(size),
    );
  const pages = lazy
    .map((k) => {
      const added = [...staticClosure(manifest, k)].filter((d) => !initial.has(d));
      const parts = PAGE_PARTS.find((p) => p.page.test(k))?.parts ?? [];
      const partsKb = parts.reduce((s, p) => s + partKb(p), 0);
      const layout = PAGE_LAYOUTS.find((p) => p.page.test(k))?.layout;
      const withLayout = layout && manifest[layout] ? new Set([...added, ...[...staticClosure(manifest, layout)].filter((d) => !initial.has(d))]) : undefined;
      return {
        name: `${manifest[k]!.src ?? k}${parts.map((p) => ` + ${p} part`).join('')}`,
        ownKb: size(k),
        addedKb: added.reduce((s, d) => s + size(d), 0) + partsKb,
        withLayoutKb: withLayout ? [...withLayout].reduce((s, d) => s + size(d), 0) + partsKb : undefined,
      };
    })
    .sort((a, b) => b.addedKb - a.addedKb);
  const initialFiles = [...initial].map((k) => manifest[k]!.file);
  const staffInInitial = modulesIn(initialFiles, chunkModules, STAFF_SOURCES).map((id) => id.slice(ROOT.length + 1));
  const staffChunks = [...chunkModules].filter(([, ids]) => ids.some((id) => STAFF_SOURCES.test(id))).map(([file]) => ({ file, kb: gzipKb(join(dist, file)) }));
  return { initialKb, initialFiles, staffInInitial, staffChunks, pages };
}

/** The same libraries with nothing of ours, each used enough that tree-shaking keeps what an app needs. */
async function measureLibrariesOnly(): Promise<number> {
  // Inside the repository (under node_modules/.cache, ignored) so the libraries resolve from node_modules.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bench-web-baseline-'));
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"><title>baseline</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(
      join(dir, 'main.js'),
      `import { createElement as h, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Link, Outlet, redirect, useNavigate, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useQuery, useMutation } from '@tanstack/react-query';
import * as yup from 'yup';
const schema = yup.object({ email: yup.string().email().required(), n: yup.number().min(1), d: yup.date(), b: yup.boolean().oneOf([true]) });
const client = new QueryClient();
function Page() {
  const [v, setV] = useState('');
  const q = useQuery({ queryKey: ['x'], queryFn: () => fetch('/x').then((r) => r.json()) });
  const m = useMutation({ mutationFn: (b) => fetch('/y', { method: 'POST', body: JSON.stringify(b) }) });
  const nav = useNavigate();
  const loc = useLocation();
  return h('main', null, h(Link, { to: '/b' }, 'b'), h('input', { value: v, onChange: (e) => setV(e.target.value) }),
    h('button', { onClick: () => schema.validate({ email: v }, { abortEarly: false }).then(() => m.mutate({ v }), () => nav('/a')) }, String(q.data ?? loc.pathname)), h(Outlet));
}
const router = createBrowserRouter([{ path: '/', Component: Page, children: [{ path: 'a', loader: () => redirect('/b') }, { path: 'b', Component: () => 'b' }] }]);
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(QueryClientProvider, { client }, h(RouterProvider, { router }))));
`,
    );
    const out = join(dir, 'dist');
    await viteBuild({ configFile: false, root: dir, build: { outDir: out, manifest: true, target: 'es2022' } });
    const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    return Object.values(manifest)
      .filter((c) => c.file.endsWith('.js'))
      .reduce((s, c) => s + gzipKb(join(out, c.file)), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface LighthouseScores {
  path: string;
  /** The browser's language, by which the prerendered file is chosen (form/prerendered.ts) and the app keeps it. */
  language: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** FCP, LCP, TBT, CLS and Speed Index as Lighthouse prints them (the median run's). */
  metrics: string;
  /** The median run's largest contentful paint: the element's snippet and text as Lighthouse names it. */
  lcpElement: string;
  /** The median run's long main-thread tasks (Lighthouse's `long-tasks`: script, start and duration, simulated). */
  longTasks: string;
}

/** The element Lighthouse's `largest-contentful-paint-element` audit names, as its HTML snippet and text. */
function lcpElementOf(audit: { details?: unknown } | undefined): string {
  type Node = { type?: string; snippet?: string; nodeLabel?: string };
  const tables = (audit?.details as { items?: { items?: { node?: Node }[] }[] } | undefined)?.items ?? [];
  const node = tables.flatMap((t) => t.items ?? []).find((i) => i.node?.type === 'node')?.node;
  return node ? `${node.snippet ?? '?'} "${(node.nodeLabel ?? '').slice(0, 80)}"` : '?';
}

/** Lighthouse's `long-tasks` audit in one line: each task's script (its file name), start and duration. */
function longTasksOf(audit: { details?: unknown } | undefined): string {
  const items = (audit?.details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined)?.items ?? [];
  const file = (url = '') => url.split('/').pop() || url;
  return items.map((t) => `${file(t.url)} @${Math.round(t.startTime ?? 0)} ${Math.round(t.duration ?? 0)} ms`).join(', ') || 'none';
}

/** Lighthouse 12.8 in its default mobile form factor, Chromium from @sparticuz (or CHROMIUM_PATH); `runs` per path. */
export async function lighthouseScores(baseUrl: string, paths: string[], runs: number, language = 'en'): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import('lighthouse');
  // chrome-launcher comes with lighthouse; it launches Chromium with a debugging port for it.
  const chromeLauncher = await import('chrome-launcher');
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const chromePath = process.env.CHROMIUM_PATH ?? (await sparticuz.executablePath());
  const chrome = await chromeLauncher.launch({
    chromePath,
    // A browser in the language (its Accept-Language and navigator.languages): the server picks that
    // language's prerendered file and the app keeps it, as for a visitor whose browser speaks it. A
    // cookie in extra headers would not do: the page's script reads document.cookie, which lacks it.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      `--lang=${language}`,
      `--accept-lang=${language}`,
    ],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const path of paths) {
      const each: LighthouseScores[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          formFactor: 'mobile',
        });
        const categories = result?.lhr.categories;
        const audits = result?.lhr.audits ?? {};
        const metric = (id: string, label: string) => `${label} ${audits[id]?.displayValue ?? '?'}`;
        const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        each.push({
          path,
          language,
          metrics: [
            metric('first-contentful-paint', 'FCP'),
            metric('largest-contentful-paint', 'LCP'),
            metric('total-blocking-time', 'TBT'),
            metric('cumulative-layout-shift', 'CLS'),
            metric('speed-index', 'SI'),
          ].join(', '),
          performance: Math.round((categories?.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          lcpElement: lcpElementOf(audits['largest-contentful-paint-element']),
          longTasks: longTasksOf(audits['long-tasks']),
        });
      }
      const middle = [...each].sort((a, b) => a.performance - b.performance)[Math.floor(each.length / 2)]!;
      scores.push({
        path,
        language,
        performance: median(each.map((s) => s.performance)),
        accessibility: median(each.map((s) => s.accessibility)),
        lcpMs: median(each.map((s) => s.lcpMs)),
        tbtMs: median(each.map((s) => s.tbtMs)),
        cls: median(each.map((s) => s.cls)),
        metrics: `${middle.metrics}; performance per run ${each.map((s) => s.performance).join(', ')}`,
        lcpElement: middle.lcpElement,
        longTasks: middle.longTasks,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function printScores(where: string, scores: LighthouseScores[], runs = LIGHTHOUSE_RUNS): void {
  const t = LIGHTHOUSE_TARGETS;
  for (const s of scores) {
    const before = BEFORE_PRERENDERING[s.path];
    console.log(`Lighthouse mobile ${s.path} (${s.language}), ${where}, median of ${runs} runs`);
    console.log(
      `  performance ${s.performance} (≥ ${t.performance}: ${met(s.performance >= t.performance)}), ` +
        `LCP ${(s.lcpMs / 1000).toFixed(2)} s (≤ ${t.lcpMs / 1000} s: ${met(s.lcpMs <= t.lcpMs)}), ` +
        `TBT ${Math.round(s.tbtMs)} ms (≤ ${t.tbtMs} ms: ${met(s.tbtMs <= t.tbtMs)}), ` +
        `CLS ${s.cls.toFixed(3)} (${t.cls}: ${met(s.cls <= t.cls)}), ` +
        `accessibility ${s.accessibility} (${t.accessibility}: ${met(s.accessibility >= t.accessibility)})`,
    );
    if (before) {
      console.log(
        `  before prerendering: performance ${before.performance}, LCP ${(before.lcpMs / 1000).toFixed(1)} s` +
          (before.tbtMs === undefined ? '' : `, TBT ${before.tbtMs} ms`),
      );
    }
    console.log(`  ${s.metrics}`);
    console.log(`  largest contentful paint: ${s.lcpElement}`);
    console.log(`  long tasks: ${s.longTasks}`);
  }
}

export async function run(): Promise<void> {
  console.log('\n== web: bundle budgets (gzip) and Lighthouse ==');
  const app = await measureApp();
  const baseline = await measureLibrariesOnly();
  console.log(
    `initial JavaScript (entry + static imports, ${app.initialFiles.length} files)`.padEnd(60) +
      `${kb(app.initialKb).padStart(9)}  budget ${INITIAL_BUDGET_KB} kB: ${verdict(app.initialKb, INITIAL_BUDGET_KB)} (before prerendering: 126.1 kB)`,
  );
  console.log(
    `libraries alone (React, react-dom, router, react-query, yup)`.padEnd(60) +
      `${kb(baseline).padStart(9)}  ours / libraries-only: ${(app.initialKb / baseline).toFixed(2)}x`,
  );
  console.log(`initial files: ${app.initialFiles.join(', ')}`);
  console.log(
    `staff console modules in the applicant's initial JavaScript`.padEnd(60) +
      `${String(app.staffInInitial.length).padStart(9)}  (${app.staffChunks.length} staff chunks, ${kb(app.staffChunks.reduce((s, c) => s + c.kb, 0))} gzip, all lazy)`,
  );
  // The one asserted figure here: the staff console must never cost an applicant anything.
  if (app.staffInInitial.length > 0) throw new Error(`staff console modules in the applicant's initial JavaScript: ${app.staffInInitial.join(', ')}`);
  console.log('lazy chunks: own size, and what opening it adds beyond the initial load');
  for (const p of app.pages) {
    console.log(
      `  ${p.name.replace(/^src\//, '')}`.padEnd(60) +
        `${kb(p.ownKb).padStart(9)}  adds ${kb(p.addedKb).padStart(9)}  budget ${PAGE_CHUNK_BUDGET_KB} kB: ${verdict(p.addedKb, PAGE_CHUNK_BUDGET_KB)}` +
        (p.withLayoutKb === undefined ? '' : `; opened first, with its layout: ${kb(p.withLayoutKb)} (${verdict(p.withLayoutKb, PAGE_CHUNK_BUDGET_KB)})`),
    );
  }

  const { startChildStack } = await import('#test/support/child-stack');
  const stack = await startChildStack();
  try {
    // The local stack compresses text as CloudFront does, so these are the deployed transfer sizes.
    // Every language (issue 41): a browser speaking it gets that prerendered file, its catalog and institution texts.
    for (const { code } of LANGUAGES)
      printScores('local stack (gzip, as CloudFront)', await lighthouseScores(stack.url, LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS, code));
  } catch (error) {
    console.log(`Lighthouse could not run: ${(error as Error).message}`);
  } finally {
    await stack.stop();
  }
}
