import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.API_ORIGIN ?? 'http://localhost:3000';

// The shipped builds (browser and server) run on Preact through preact/compat: React's runtime
// is ~57 KB gzipped of the home page's JavaScript, Preact's ~5 KB (docs/adr/009-preact-in-the-storefront-build.md).
// The dev server and the component tests (web/vitest.config.ts) keep React; the browser tests
// (web/e2e) drive this build, so they are what proves the aliases.
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** React Router probes `React.useOptimistic` and falls back when it is absent, as under preact/compat: that warning is expected, any other is not. */
const rolldownOptions: Pick<Rolldown.InputOptions, 'onLog'> = {
  onLog(level, log, handler) {
    if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
    handler(level, log);
  },
};

// Two builds (libs/platform/bin/build.mjs runs both): the browser's (web/dist, chunks from the
// route-level lazy() imports in src/app/router.tsx, so the home route stays small and the
// back-office never enters the storefront's bundle) and, with --ssr, the server renderer
// (web/dist/server/entry-server.js, imported by the API; never served to browsers).
export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  plugins: [react(), tailwindcss()],
  resolve: command === 'build' ? { alias: preactAliases } : undefined,
  // The server bundle carries its dependencies: WEB_DIST_DIR may be a copy of web/dist outside the
  // project (the browser tests serve one), where `react` and friends would not resolve.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: false, target: 'node20', rolldownOptions }
    : { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true, rolldownOptions },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/uploads': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/uploads': { target: backend, changeOrigin: false },
    },
  },
}));
