import { readFileSync } from 'node:fs'
import path from 'node:path'

type Manifest = Record<string, { file: string; imports?: string[] }>

/** Vite's manifest key of the script that holds taps until the page has hydrated (client/early-taps.ts). */
const EARLY_TAPS = 'early-taps.ts'

/**
 * The head tags that let a server-rendered page answer its first tap (docs/decisions/0010-first-interaction.md):
 * the early-taps script, and modulepreload links for the chunk of the route the server rendered and every chunk
 * it imports, so they load alongside the entry instead of after it has run. Reads the build's manifest once.
 */
export function pageHeadLinks(clientDir: string): (route: string) => string {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const early = manifest[EARLY_TAPS]
  if (!early) throw new Error(`${EARLY_TAPS} is missing from the web build: run \`npm run build\``)
  const script = `\n    <script src="/${early.file}"></script>`
  // index.html already preloads the entry and its static imports.
  const inTemplate = staticImports(manifest, 'index.html')
  const byRoute = new Map<string, string>()
  return (route) => {
    let tags = byRoute.get(route)
    if (tags === undefined) {
      const chunks = [...staticImports(manifest, route)].filter((key) => !inTemplate.has(key))
      tags = script + chunks.map((key) => `\n    <link rel="modulepreload" crossorigin href="/${manifest[key].file}">`).join('')
      byRoute.set(route, tags)
    }
    return tags
  }
}

/** A chunk and everything it imports statically (what must load before it can run). */
function staticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) staticImports(manifest, imported, seen)
  return seen
}
