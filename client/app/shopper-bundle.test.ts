import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const STAFF_FILES = /^client\/(staff\/|features\/[^/]+\/staff\/|features\/(pos|site-editor)\/|routes\/(admin-|page-builder-))/
const STAFF_PACKAGES = /^(@tanstack\/react-table|@tanstack\/table-core|react-hook-form|@hookform\/|qrcode|idb)/

/** Static imports of a module (what a bundler puts in the same load); `import type` and import() are not. */
function staticImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8')
  return [...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1])
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = path.join(path.dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.(ts|tsx|css)$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return candidate
  }
  throw new Error(`cannot resolve ${spec} from ${from}`)
}

/** Every file and package the entry loads before anything lazy: the shopper's first load. */
function staticGraph(entry: string) {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    if (file.endsWith('.css')) return
    for (const spec of staticImports(file)) {
      const target = resolve(file, spec)
      if (target) visit(target)
      else packages.add(spec)
    }
  }
  visit(entry)
  return { files: [...files], packages: [...packages] }
}

describe("the shopper's first load", () => {
  it('holds no staff module and no staff package (they load with the staff shell, from import())', () => {
    const { files, packages } = staticGraph('client/entry-client.tsx')
    expect(files).toContain('client/app/routes.ts')
    expect(files).toContain('client/app/root-layout.tsx')
    expect(files.filter((f) => STAFF_FILES.test(f))).toEqual([])
    expect(packages.filter((p) => STAFF_PACKAGES.test(p))).toEqual([])
  })

  it('holds neither analytics nor monitoring: they load by import() once the page is interactive (spec §9)', () => {
    const { files, packages } = staticGraph('client/entry-client.tsx')
    expect(files.filter((f) => /telemetry/.test(f))).toEqual([])
    expect(packages.filter((p) => /^(posthog-js|@sentry\/)/.test(p))).toEqual([])
  })

  it('holds neither zod nor a date library on the entry, the home page, content pages and the product list: contracts load with their first call (issue 31)', () => {
    // the page blocks' views read their stored data without zod (features/page-builder/blocks/stored.ts)
    const starts = [
      'client/entry-client.tsx',
      'client/routes/products.tsx',
      'client/routes/home.tsx',
      'client/routes/content-page.tsx',
      'client/app/block-registry.tsx',
    ]
    for (const start of starts) {
      const { files, packages } = staticGraph(start)
      expect(packages.filter((p) => /^(zod|dayjs)(\/|$)/.test(p))).toEqual([])
      // only the zod-free modules of common/contracts (wire constants, the list's sorts); the others come by later()
      expect(files.filter((f) => f.startsWith('common/contracts/') && !/\/(wire|product-sorts)\.ts$/.test(f))).toEqual([])
    }
  })

  it("holds no sales agent's banner: it loads for agents only (issue 31)", () => {
    expect(staticGraph('client/entry-client.tsx').files).not.toContain('client/features/agents/agent-banner.tsx')
  })

  it("loads the page blocks' storefront views without their editor forms (staff code, loaded with the page editor)", () => {
    const { files, packages } = staticGraph('client/app/block-registry.tsx')
    const blocks = files.filter((f) => f.startsWith('client/features/page-builder/'))
    expect(blocks).toContain('client/features/page-builder/blocks/hero-banner/view.tsx')
    expect(
      blocks.filter((f) => !/^client\/features\/page-builder\/blocks\/([a-z-]+\/view|block-view|slide-link|stored|stored-catalogue)\.tsx?$/.test(f)),
    ).toEqual([])
    expect(files.filter((f) => STAFF_FILES.test(f))).toEqual([])
    expect(packages.filter((p) => STAFF_PACKAGES.test(p) || p.startsWith('@tiptap/'))).toEqual([])
    expect(staticGraph('client/features/page-builder/blocks/forms.ts').files).toContain('client/features/page-builder/blocks/hero-banner/form.tsx')
  })

  it('would notice one (the walk does reach staff modules from the staff shell)', () => {
    const { files, packages } = staticGraph('client/features/catalogue/staff/brand-list-view.tsx')
    expect(files).toContain('client/staff/table/data-table.tsx')
    expect(packages).toContain('@tanstack/react-table')
    expect(packages).toContain('react-hook-form')
  })
})
