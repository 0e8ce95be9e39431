import type { AdminCategory } from '../../../../common/contracts/admin-catalogue'

export interface CategoryOption {
  value: string
  label: string
  depth: number
}

/** The flat tree-ordered list as options, each indented by its depth ('Staples', '— Rice'). */
export function categoryOptions(categories: AdminCategory[]): CategoryOption[] {
  const depth = new Map<number, number>()
  return categories.map((c) => {
    const d = c.parent_id === null ? 0 : (depth.get(c.parent_id) ?? 0) + 1
    depth.set(c.id, d)
    return { value: c.slug, label: `${'— '.repeat(d)}${c.name}`, depth: d }
  })
}
