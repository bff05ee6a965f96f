import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.API_ORIGIN ?? 'http://localhost:3000';

// Two builds (libs/platform/bin/build.mjs runs both): the browser's (web/dist, chunks from the
// route-level lazy() imports in src/app/router.tsx, so the home route stays small and the
// back-office never enters the storefront's bundle) and, with --ssr, the server renderer
// (web/dist/server/entry-server.js, imported by the API; never served to browsers).
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), tailwindcss()],
  // The server bundle carries its dependencies: WEB_DIST_DIR may be a copy of web/dist outside the
  // project (the browser tests serve one), where `react` and friends would not resolve.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: isSsrBuild
    ? // One file: the server has no use for chunks, and the lazy parts' chunks would import the entry back.
      { outDir: 'dist/server', emptyOutDir: true, sourcemap: false, target: 'node20', rolldownOptions: { output: { codeSplitting: false } } }
    : { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true },
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
