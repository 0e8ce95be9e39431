import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { pageHeadLinks } from './preload'

let dir: string
function withManifest(manifest: object) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'preload-'))
  mkdirSync(path.join(dir, '.vite'))
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest))
  return dir
}
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_router.js'] },
  'early-taps.ts': { file: 'assets/early-taps-2.js', isEntry: true },
  '_router.js': { file: 'assets/router-3.js' },
  '_card.js': { file: 'assets/card-4.js', imports: ['_money.js', '_router.js'] },
  '_money.js': { file: 'assets/money-5.js' },
  'routes/home.tsx': { file: 'assets/home-6.js', isDynamicEntry: true, imports: ['_card.js', 'index.html'], dynamicImports: ['features/cart/cart-drawer.tsx'] },
  'features/cart/cart-drawer.tsx': { file: 'assets/cart-drawer-7.js', isDynamicEntry: true },
}

describe('pageHeadLinks', () => {
  it("adds the early-taps script and preloads the route's chunk with what it imports, leaving out what index.html preloads and what loads on demand", () => {
    const tags = pageHeadLinks(withManifest(manifest))('routes/home.tsx')
    expect(tags.match(/(src|href)="[^"]+"/g)).toEqual([
      'src="/assets/early-taps-2.js"',
      'href="/assets/home-6.js"',
      'href="/assets/card-4.js"',
      'href="/assets/money-5.js"',
    ])
    expect(tags).toContain('<script src="/assets/early-taps-2.js"></script>')
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/home-6.js">')
  })

  it('adds only the script for a module the build does not know', () => {
    expect(pageHeadLinks(withManifest(manifest))('routes/nothing.tsx').trim()).toBe('<script src="/assets/early-taps-2.js"></script>')
  })

  it('refuses a build without the early-taps script', () => {
    const { 'early-taps.ts': _, ...without } = manifest
    expect(() => pageHeadLinks(withManifest(without))).toThrow(/early-taps\.ts is missing/)
  })
})
