import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { releaseName } from './scripts/release-name.mjs'

/**
 * The storefront's pages share small modules (the product card and its parts, the document head, the list's helpers)
 * that rolldown would cut into a dozen chunks of under 1 KB each; each costs a request and compresses alone. These
 * groups keep them in three chunks: the shared core, what every catalogue page draws, and what the product list adds
 * (issue 31).
 */
const SHOP_CHUNKS = [
  {
    // React, TanStack Query and the router with the few app modules every page and most chunks share, in one chunk
    name: 'shop-core',
    test: /(node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|clsx|wouter|regexparam|use-sync-external-store)[\\/]|client[\\/](ui[\\/]icons|lib[\\/](api-context|error-text|cn))\.tsx?$|common[\\/]rules[\\/](constants|colour)\.ts$)/,
    includeDependenciesRecursively: false,
  },
  {
    name: 'catalogue',
    test: /(client[\\/](features[\\/](catalogue[\\/](product-card|product-card-skeleton|category-tree|load-error|api)|cart[\\/](add-to-cart|quantity-stepper)|wishlist[\\/]wishlist-heart)|routes[\\/]product-slots|ui[\\/](price|unit-price|use-latest|use-isomorphic-layout-effect)|app[\\/](head|use-document-head))|common[\\/](unit-price|rules[\\/]links))\.tsx?$/,
    includeDependenciesRecursively: false,
  },
  {
    name: 'product-list',
    test: /client[\\/](features[\\/]catalogue[\\/](category-checklist|filter-checkbox)|ui[\\/]pagination)\.tsx?$/,
    includeDependenciesRecursively: false,
  },
]

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
    rollupOptions: {
      input: ['index.html', 'early-taps.ts'].map((f) => path.resolve(import.meta.dirname, 'client', f)),
      output: { codeSplitting: { groups: SHOP_CHUNKS } },
    },
  },
  ssr: { noExternal: [] },
  server: { proxy: { '/s/api': 'http://127.0.0.1:3000', '/cdn': 'http://127.0.0.1:3000' } },
})
