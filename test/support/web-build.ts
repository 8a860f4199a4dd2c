/**
 * The web build as npm start makes it (production React), for the institution `file` (default:
 * the one the tests run as), into `outDir` (default web/dist).
 */
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

export async function buildWeb(file = process.env.INSTITUTION_CONFIG, outDir = join(ROOT, 'web', 'dist')): Promise<void> {
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would give Vite a development build of React: test what ships.
  const saved = { nodeEnv: process.env.NODE_ENV, institution: process.env.INSTITUTION_CONFIG };
  process.env.NODE_ENV = 'production';
  if (file) process.env.INSTITUTION_CONFIG = file;
  try {
    await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: 'error', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = saved.nodeEnv;
    if (saved.institution === undefined) delete process.env.INSTITUTION_CONFIG;
    else process.env.INSTITUTION_CONFIG = saved.institution;
  }
}
