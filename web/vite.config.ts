import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadInstitution } from '../config/load';
import { refuseAndExit } from '../config/problems';
import { institutionWebBuild } from '../config/web-build';

const here = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(here, '..');

/**
 * The SPA build. Root is web/ so index.html sits beside this file; output to web/dist, which the
 * local stack and the CDK site construct serve. Vendor code is one long-cached chunk (React,
 * router, react-query, yup) but for React's renderer, which app/mount.tsx evaluates in a task of
 * its own (a single long start-up task is what a phone's Total Blocking Time counts), and yup, a chunk of its
 * own that only the staff console's forms load (the applicant's pages validate without it). The form model loads
 * only with the pages that need it.
 */
/** The institution this build is for (INSTITUTION_CONFIG, or the sample), checked: a file with problems stops the build, named. */
const institution = (() => {
  try {
    return loadInstitution();
  } catch (error) {
    return refuseAndExit(error);
  }
})();

const LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|@lingui|yup|property-expr|tiny-case|toposort|type-fest)[\\/]/;
const VALIDATION = /node_modules[\\/](yup|property-expr|tiny-case|toposort|type-fest)[\\/]/;
/** Chunks every page loads at start, by their code-splitting group's name (below) or module's (rolldown's runtime, app/mount.tsx). */
const STARTUP_CHUNK = /(^|\/)(vendor|react-dom-client|main|preload-helper|rolldown-runtime|mount)-[\w-]+\.js$/;
const RENDERER = /node_modules[\\/](react-dom[\\/](client|cjs[\\/]react-dom-client)|scheduler[\\/])/;

/**
 * Our modules that main.tsx and app/mount.tsx import statically, found once the module graph is complete (before
 * chunks are made): one chunk for them rather than a dozen small ones that the lazy routes share
 * with main.tsx (each file's own compression costs bytes of the initial budget).
 */
const startupModules = new Set<string>();
function collectStartupModules(): Plugin {
  return {
    name: 'collect-startup-modules',
    apply: 'build',
    buildEnd() {
      startupModules.clear();
      const main = resolve(here, 'src/main.tsx');
      const visit = (id: string) => {
        // Our files only: not the libraries (their own chunks), not virtual modules such as Vite's preload helper (boot.ts uses it).
        if (startupModules.has(id) || id.includes('node_modules') || !id.startsWith(ROOT)) return;
        startupModules.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      if (!this.getModuleInfo(main)) return;
      visit(main);
      // What app/mount.tsx brings besides React's renderer (the App, its providers) too; mount.tsx
      // itself stays apart, or its static import of the renderer would load with main.tsx.
      const mount = resolve(here, 'src/app/mount.tsx');
      for (const dep of this.getModuleInfo(mount)?.importedIds ?? []) visit(dep);
    },
  };
}

/**
 * After the client build, the landing pages' HTML (scripts/prerender.ts), so every build (npm
 * start, build:web, the e2e setup, the bench) serves prerendered pages. Not in the server-side
 * build that the prerenderer itself runs.
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let serverBuild = false;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      const { prerender } = await import('../scripts/prerender');
      await prerender(outDir);
    },
  };
}

export default defineConfig({
  root: here,
  // The path aliases of tsconfig.json (#form/*, #web/*, …).
  resolve: { tsconfigPaths: true },
  plugins: [react(), institutionWebBuild(institution), collectStartupModules(), prerenderPages()],
  build: {
    outDir: 'dist',
    // The prerenderer reads which chunks and CSS each page's lazy routes need.
    manifest: true,
    // A lazy route's preload list need not name what every page has loaded before any route
    // runs (the libraries, React's renderer, main.tsx's chunk): the list is part of main.tsx's chunk.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((d) => !STARTUP_CHUNK.test(d)) },
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // First, so React itself stays with the libraries (a group takes its modules' dependencies along).
            { name: 'vendor', test: (id: string) => LIBRARIES.test(id) && !RENDERER.test(id) && !VALIDATION.test(id), priority: 2 },
            // The validation library apart: only the console's forms and the account schemas import it
            // (the applicant's pages validate without it), so no applicant page loads it.
            { name: 'yup', test: VALIDATION, priority: 3 },
            // React's renderer apart: app/mount.tsx evaluates it in a task of its own.
            { name: 'react-dom-client', test: RENDERER, priority: 1 },
            { name: 'main', test: (id: string) => startupModules.has(id), priority: 0 },
            // What boot.ts needs before main.tsx loads and shares with it (Vite's preload helper, the
            // app's events): left to themselves they join main's chunk, which boot.ts would then import.
            { name: 'preload-helper', test: /vite\/preload-helper|\/web\/src\/app-events\.ts$/, priority: 3 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/public': 'http://localhost:3000',
      '/service': 'http://localhost:3000',
      '/lookup': 'http://localhost:3000',
      '/_dev': 'http://localhost:3000',
    },
  },
});
