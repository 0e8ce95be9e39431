import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchBrowser } from '../tests/e2e/browser'

export const DIST = path.resolve(import.meta.dirname, '../dist/client')

export interface JsFile {
  file: string
  /** manifest key (source) of the chunk, when known */
  name: string
  raw: number
  gzip6: number
  gzip9: number
}

export interface BundleReport {
  builtAt: Date
  /** entry chunk + its static imports, from index.html and .vite/manifest.json */
  entry: JsFile[]
  /** chunks only reachable through import(): loaded when needed */
  lazy: JsFile[]
  css: JsFile[]
}

type Manifest = Record<string, { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }>

const sizeOf = (file: string, name: string, bytes: Buffer): JsFile => ({
  file,
  name,
  raw: bytes.length,
  gzip6: gzipSync(bytes, { level: 6 }).length,
  gzip9: gzipSync(bytes, { level: 9 }).length,
})
const sizes = (file: string, name: string) => sizeOf(file, name, readFileSync(path.join(DIST, file)))

/** The JS every shopper page loads before it can hydrate (static graph of the entries; not the import() chunks). */
export function bundleReport(): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  )
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const k of manifest[key].imports ?? []) walk(k)
  }
  for (const file of scripts) walk(byFile.get(file) ?? '')
  // Other entries (early-taps.ts) are not in index.html: the server adds them to every page it renders.
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key)
  const entryFiles = new Set([...seen].map((k) => manifest[k].file).concat(scripts))
  const entry = [...entryFiles].map((f) => sizes(f, byFile.get(f) ?? '?'))
  const lazy = Object.entries(manifest)
    .filter(([, c]) => c.file.endsWith('.js') && !entryFiles.has(c.file))
    .map(([k, c]) => sizes(c.file, k))
  const css = [...new Set([...seen].flatMap((k) => manifest[k].css ?? []))].map((f) => sizes(f, 'css'))
  return { builtAt: statSync(path.join(DIST, 'index.html')).mtime, entry, lazy, css }
}

/** The /assets/*.js a real Chromium fetches on a first load of `url` (until the network is idle), sized as served. */
export async function observedJs(url: string): Promise<JsFile[]> {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    const page = await context.newPage()
    const files: Promise<JsFile>[] = []
    page.on('response', (res) => {
      const p = new URL(res.url()).pathname
      if (p.startsWith('/assets/') && p.endsWith('.js')) files.push(res.body().then((bytes) => sizeOf(p.slice(1), 'observed', bytes)))
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    return await Promise.all(files)
  } finally {
    await browser.close()
  }
}

export const total = (files: JsFile[], key: 'raw' | 'gzip6' | 'gzip9') => files.reduce((n, f) => n + f[key], 0)
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
