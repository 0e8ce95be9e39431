import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

/**
 * The build's name, which monitoring events carry and source maps are uploaded under (docs/operations.md
 * "Errors"): STOREFRONT_RELEASE when the build is given one (the Dockerfile's build argument), else the package's
 * version and the commit built.
 */
function releaseName() {
  if (process.env.STOREFRONT_RELEASE) return process.env.STOREFRONT_RELEASE
  const { version } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }
  try {
    return `storefront@${version}+${execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}`
  } catch {
    return `storefront@${version}`
  }
}

export default defineConfig({
  root: 'client',
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
