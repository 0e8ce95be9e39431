import type { KnipConfig } from 'knip'

/**
 * Unused files, exports and dependencies fail `npm run lint` (docs/decisions/0013-house-rules.md). Knip finds the
 * entries of package.json's scripts (server/main.ts, server/setup.ts, bench/run.ts), vite.config.ts (index.html,
 * early-taps.ts), vitest.config.ts (the unit tests, tests/global-setup.ts) and drizzle.config.ts itself; the rest are
 * listed here. Every exception below says why it is not dead.
 */
const config: KnipConfig = {
  entry: [
    // the SSR bundle, built by scripts/build-web.sh (vite build --ssr entry-server.tsx)
    'client/entry-server.tsx',
    // scripts and benchmarks, each run on its own (npm test, npx tsx bench/<name>.ts)
    'scripts/*.{mjs,ts}',
    'bench/*.ts',
    // the end-to-end journeys, run by node --test (scripts/test.sh); the template builder, a process global-setup starts
    'tests/e2e/*.test.ts',
    'tests/build-templates.ts',
    // the worker threads' module, started by its path (server/app.ts, platform/worker-pool.ts), never imported
    'server/workers.ts',
    'server/workers-from-sources.mjs',
    // a developer's tool: writes sample generated images to a folder (npx tsx server/features/media/preview.ts /tmp/x)
    'server/features/media/preview.ts',
  ],
  project: ['{server,client,common,tests,bench,scripts}/**/*.{ts,tsx,mjs,cjs,js,css}', '*.{ts,cjs}'],
  ignore: [
    // files a server route reads from disk and serves (the payment simulator's browser scripts and style sheet, its
    // browser/assets.ts), never imported; wherever the simulator's folder lives
    'server/**/assets/*',
  ],
  ignoreDependencies: [
    // dependency-cruiser's parser, loaded by name (`parser: 'swc'` in .dependency-cruiser.cjs), never imported
    '@swc/core',
  ],
  // programs from Debian's packages that tests start (.ci/run installs them), not npm packages
  ignoreBinaries: ['caddy', 'su'],
  // An export used in its own file is not dead code, only a wider door than needed: the rule is for code nobody uses.
  ignoreExportsUsedInFile: true,
  compilers: {
    // client/index.css: the packages it imports (tailwindcss) and the font files it takes from node_modules
    css: (text: string) =>
      [...text.matchAll(/@import\s+["']([^"']+)["']/g), ...text.matchAll(/url\(["']?(?:\.\.\/)+node_modules\/([^"')]+)["']?\)/g)]
        .map(([, specifier]) => `import '${specifier}'`)
        .join('\n'),
  },
}

export default config
