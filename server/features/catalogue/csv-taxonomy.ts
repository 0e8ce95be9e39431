import { norm } from './csv-header'
import type * as q from './csv-queries'

/**
 * Brands and categories by the names the file uses; the ones it names that do not exist are planned as new (issue
 * 29), each once however many rows name it, with a stand-in id below zero until apply creates it
 * (csv-taxonomy-write.ts). A category may be a path, `Staples > Atta`: each level is looked for under the one
 * before, and the missing levels are new.
 */

export interface NewBrand {
  /** the stand-in id (below zero) the plan's products carry */
  id: number
  name: string
  line: number
}
export interface NewCategory {
  id: number
  name: string
  /** an existing category, or a new one planned before this one */
  parentId: number | null
  path: string
  line: number
}
export interface NewTaxonomy {
  brands: NewBrand[]
  /** parents before their children */
  categories: NewCategory[]
}

export interface Lookup {
  /** the brand's id (or the stand-in id of a new one), else why the name cannot be used */
  brand(name: string, line: number): { id: number } | { problem: string }
  /** the category's id (or a new one's stand-in id), else why the name cannot be used */
  category(entry: string, line: number): { id: number } | { problem: string }
  created: NewTaxonomy
}

/** The longest name a brand or category may have (as the staff forms allow). */
const NAME_MAX = 80

export function lookup(taxonomy: q.Taxonomy): Lookup {
  const brands = new Map<string, number>()
  for (const b of taxonomy.brands) brands.set(b.slug, b.id)
  for (const b of taxonomy.brands) brands.set(norm(b.name), b.id)
  const bySlug = new Map<string, number>()
  const byName = new Map<string, number[]>()
  const children = new Map<string, number>()
  const childKey = (parentId: number | null, name: string) => `${parentId ?? 0}:${norm(name)}`
  for (const c of taxonomy.categories) {
    bySlug.set(c.slug, c.id)
    byName.set(norm(c.name), [...(byName.get(norm(c.name)) ?? []), c.id])
    children.set(childKey(c.parentId, c.name), c.id)
    children.set(`${c.parentId ?? 0}:${c.slug}`, c.id)
  }
  const created: NewTaxonomy = { brands: [], categories: [] }
  let next = -1

  const newCategory = (name: string, parentId: number | null, path: string, line: number) => {
    const id = next--
    created.categories.push({ id, name, parentId, path, line })
    children.set(childKey(parentId, name), id)
    byName.set(norm(name), [...(byName.get(norm(name)) ?? []), id])
    return id
  }

  return {
    created,
    brand(name, line) {
      const found = brands.get(norm(name))
      if (found !== undefined) return { id: found }
      const clean = name.trim().replace(/\s+/g, ' ')
      if (clean.length > NAME_MAX) return { problem: `A brand name is at most ${NAME_MAX} characters` }
      const id = next--
      created.brands.push({ id, name: clean, line })
      brands.set(norm(name), id)
      return { id }
    },
    category(entry, line) {
      const levels = entry
        .split('>')
        .map((s) => s.trim().replace(/\s+/g, ' '))
        .filter(Boolean)
      if (levels.length === 0) return { problem: `“${entry}” has no category name` }
      const long = levels.find((l) => l.length > NAME_MAX)
      if (long) return { problem: `The category name “${long.slice(0, 20)}…” is longer than ${NAME_MAX} characters` }
      if (levels.length === 1) {
        const [name] = levels
        const id = bySlug.get(name.toLowerCase())
        if (id !== undefined) return { id }
        const named = byName.get(norm(name)) ?? []
        if (named.length === 1) return { id: named[0] }
        if (named.length > 1) return { problem: `Several categories are called “${name}”: give its slug or its path (“Parent > ${name}”)` }
        return { id: children.get(childKey(null, name)) ?? newCategory(name, null, name, line) }
      }
      let parentId: number | null = null
      for (let i = 0; i < levels.length; i++) {
        const name = levels[i]
        const path = levels.slice(0, i + 1).join(' > ')
        parentId = children.get(childKey(parentId, name)) ?? children.get(`${parentId ?? 0}:${name.toLowerCase()}`) ?? newCategory(name, parentId, path, line)
      }
      return { id: parentId! }
    },
  }
}
