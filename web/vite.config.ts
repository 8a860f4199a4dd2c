import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { institution } from '../form/institution';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The SPA build. Root is web/ so index.html sits beside this file; output to web/dist, which the
 * local stack and the CDK site construct serve. Vendor code is one long-cached chunk (React,
 * router, react-query, yup): yup is needed by the auth cards and every form page alike, so it
 * belongs with the libraries (the 130 kB initial budget counts them together), which
 * keeps each page's own download small. The form model loads only with the pages that need it.
 */
/** The static page shell names the institution from its configuration (white-label), before any script runs. */
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
const institutionShell = {
  name: 'institution-shell',
  transformIndexHtml: (html: string) =>
    html
      .replaceAll('%INSTITUTION_NAME%', escape(institution.name))
      .replaceAll('%INSTITUTION_ABBREVIATION%', escape(institution.abbreviation))
      .replaceAll('%APPLICATION_TITLE%', escape(institution.applicationTitle)),
};

export default defineConfig({
  root: here,
  plugins: [react(), institutionShell],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@tanstack|yup|property-expr|tiny-case|toposort|type-fest)\//.test(id)) return 'vendor';
          return undefined;
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
