/**
 * The web build as npm start makes it (production React), for the institution `file` (default:
 * the one the tests run as), into `outDir` (default web/dist).
 */
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

export function buildWeb(file = process.env.INSTITUTION_CONFIG, outDir = join(ROOT, 'web', 'dist')): Promise<void> {
  // Once per process for the same file and folder: the integration and e2e projects' global
  // set-ups (one Vitest process, one after the other) both want web/dist for the tests' file.
  const key = `${file ?? ''}\0${outDir}`;
  let done = builds.get(key);
  if (!done) {
    done = build(file, outDir);
    builds.set(key, done);
    done.catch(() => builds.delete(key));
  }
  return done;
}

// On globalThis: each project's global set-up loads this module in a module graph of its own.
const builds = ((globalThis as { __WEB_BUILDS__?: Map<string, Promise<void>> }).__WEB_BUILDS__ ??= new Map());

async function build(file: string | undefined, outDir: string): Promise<void> {
  const { build: viteBuild } = await import('vite');
  // Vitest sets NODE_ENV=test, which would give Vite a development build of React: test what ships.
  const saved = { nodeEnv: process.env.NODE_ENV, institution: process.env.INSTITUTION_CONFIG, pseudo: process.env.VITE_PSEUDO_LOCALE };
  process.env.NODE_ENV = 'production';
  // As npm start builds it: the pseudo-locale on offer (web/src/lib/i18n.tsx).
  process.env.VITE_PSEUDO_LOCALE = 'on';
  if (file) process.env.INSTITUTION_CONFIG = file;
  try {
    await viteBuild({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: 'error', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = saved.nodeEnv;
    if (saved.pseudo === undefined) delete process.env.VITE_PSEUDO_LOCALE;
    else process.env.VITE_PSEUDO_LOCALE = saved.pseudo;
    if (saved.institution === undefined) delete process.env.INSTITUTION_CONFIG;
    else process.env.INSTITUTION_CONFIG = saved.institution;
  }
}
