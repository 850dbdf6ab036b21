import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `pnpm dev:web` sends /trpc and /api/auth: the API `./run start` runs. */
const devApi = 'http://127.0.0.1:3000';

export default defineConfig({
  // The API serves the build under /app (apps/api/src/web-app.ts).
  base: '/app/',
  plugins: [
    // Options in tsr.config.json, shared with `tsr generate` (the typecheck script): the route
    // tree is generated, never committed. Each route's loader and pending view are split off
    // with its component: only what matching a URL needs (search schemas, guards) loads first.
    tanstackRouter({
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    lingui({ macroTransform: true, failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
  ],
  build: {
    // Every browser the app supports has module preload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // No asset becomes a data: URL, so the Content-Security-Policy needs no data: source.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/trpc': { target: devApi, configure: sameOriginAsApi },
      '/api': { target: devApi, configure: sameOriginAsApi },
    },
  },
});

/**
 * The API refuses a cookie-authenticated mutation whose Origin is not its own. In development the
 * page comes from Vite's server, so the proxy presents the API's origin for it.
 */
function sameOriginAsApi(proxy: { on(event: 'proxyReq', listener: (request: OriginHeader) => void): void }) {
  proxy.on('proxyReq', (request) => {
    if (request.getHeader('origin') !== undefined) request.setHeader('origin', devApi);
  });
}

interface OriginHeader {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): void;
}
