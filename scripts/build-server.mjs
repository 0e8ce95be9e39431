#!/usr/bin/env node
// Compiles the server (server/main.ts and everything it imports, and the commands server/setup.ts, backup.ts, restore.ts
// and db-tasks.ts) into ES modules, dist/app/main.js and one file per command, for production: `node dist/app/main.js`
// runs with no TypeScript loader. Packages stay in node_modules (not bundled): native and WebAssembly parts (sharp,
// PGlite) load from there as in development.
//
// A few modules find files next to themselves with `import.meta.url` (migrations, fonts, the simulator's pages, the
// built web client). In the bundle every module's `import.meta.url` is rewritten to its source file's address, taken
// relative to the bundle, so those files are read from the repository's tree (the Dockerfile copies them).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { releaseName } from './release-name.mjs'

const root = path.resolve(import.meta.dirname, '..')
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist'), 'app')

const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8')
      if (contents.includes('import.meta.url')) {
        const rel = path.relative(outdir, args.path).split(path.sep).join('/')
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`)
      }
      return { contents, loader: 'ts' }
    })
  },
}

const started = Date.now()
await build({
  // the app process; the first-website command for a database started empty (SEED=never); backup, restore and the
  // database tasks (migrate; seed and reset outside production); the worker threads' module (platform/worker-pool.ts)
  entryPoints: Object.fromEntries(['main', 'setup', 'backup', 'restore', 'db-tasks', 'workers'].map((name) => [name, path.join(root, `server/${name}.ts`)])),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sourceUrls],
  // the name the server's error reports carry, the same as the browser's (server/platform/release.ts)
  define: { __STOREFRONT_RELEASE__: JSON.stringify(releaseName()) },
})
console.log(
  `server compiled to ${path.relative(root, outdir)}/main.js, setup.js, backup.js, restore.js, db-tasks.js and workers.js in ${Date.now() - started} ms`,
)
