/**
 * First-load JavaScript of `/` and `/products` as a real Chromium fetches it (the web phase's `observedJs`), on a
 * server started as the e2e tests start theirs (PGlite demo store unless DATABASE_URL is given), after `npm run build`.
 * Run: `npx tsx bench/first-load.ts [paths…]`; prints each page's files by size and its gzip -9 total.
 */
import { startServer } from '../tests/e2e/server'
import { kb, observedJs, total } from './bundle-size'

const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/products']
const server = await startServer(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {})
try {
  for (const page of pages) {
    const files = (await observedJs(`${server.origin}${page}`)).sort((a, b) => b.gzip9 - a.gzip9)
    console.log(`\n${page}: ${files.length} files, ${kb(total(files, 'gzip9'))} gzip -9 (${kb(total(files, 'raw'))} raw)`)
    for (const f of files) console.log(`  ${kb(f.gzip9).padStart(9)}  ${f.file}`)
  }
} finally {
  await server.stop()
}
