import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { releaseName } from './scripts/release-name.mjs'

export default defineConfig({
  root: 'client',
  // the build's name, which the browser's monitoring events carry (the server's too: scripts/build-server.mjs)
  define: { __STOREFRONT_RELEASE__: JSON.stringify(releaseName()) },
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Source maps beside the bundle with no sourceMappingURL in it: never served (server/web/serve.ts refuses *.map),
    // they are there for `sentry-cli sourcemaps upload --release …` from dist/client/assets, so the errors a
    // browser reports under this release show the source (docs/operations.md "Errors").
    sourcemap: 'hidden',
    // early-taps is not in index.html: the server adds it to the head as a classic script (server/web/preload.ts).
    rollupOptions: { input: ['index.html', 'early-taps.ts'].map((f) => path.resolve(import.meta.dirname, 'client', f)) },
  },
  ssr: { noExternal: [] },
  server: { proxy: { '/s/api': 'http://127.0.0.1:3000', '/cdn': 'http://127.0.0.1:3000' } },
})
