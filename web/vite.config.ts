import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The SPA build. Root is web/ so index.html sits beside this file; output to web/dist, which the
 * local stack and the CDK site construct serve. Vendor code is split into one long-cached chunk
 * (React, router, react-query); yup and the form model load only with the pages that need them.
 */
export default defineConfig({
  root: here,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@tanstack)\//.test(id)) return 'vendor';
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
