import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/**
 * What a shop page needs to start without the network, by their keys in Vite's manifest: the entry (index.html), the
 * script that holds early taps, the catalogue's pages (home, product list, product, content pages, not found) and
 * the drawers a shopper opens while browsing. Staff screens, checkout and account pages are not part of it.
 */
const SHELL_KEYS = [
  'index.html',
  'early-taps.ts',
  'routes/home.tsx',
  'routes/products.tsx',
  'routes/product.tsx',
  'routes/content-page.tsx',
  'routes/not-found.tsx',
  'features/catalogue/category-filter-drawer.tsx',
  'features/site-settings/mobile-menu.tsx',
]

/** The app shell's files (their addresses, each chunk with what it imports and its styles) and a name for this set. */
export function appShell(clientDir: string): { files: string[]; version: string } {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const files = new Set<string>()
  const seen = new Set<string>()
  const add = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) files.add(`/${css}`)
    for (const imported of chunk.imports ?? []) add(imported)
  }
  for (const key of SHELL_KEYS) add(key)
  const list = [...files].sort()
  return { files: list, version: createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12) }
}
