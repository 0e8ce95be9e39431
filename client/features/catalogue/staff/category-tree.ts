import type { AdminCategory } from '../../../../common/contracts/admin-catalogue'

/** Where a category goes: under `parent_id` (null: top level) at `position` among the siblings without it. */
export interface CategoryPlace {
  parent_id: number | null
  position: number
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent'

/** Where a drop puts the dragged category: before or after the row it is over, or inside it (last). */
export type DropSide = 'before' | 'after' | 'inside'

export interface CategoryNode extends AdminCategory {
  depth: number
  children: CategoryNode[]
}

/** The flat tree-ordered list as a tree (siblings keep the list's order). */
export function categoryTree(categories: AdminCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>()
  const roots: CategoryNode[] = []
  for (const c of categories) nodes.set(c.id, { ...c, depth: 0, children: [] })
  for (const c of categories) {
    const node = nodes.get(c.id)!
    const parent = c.parent_id === null ? undefined : nodes.get(c.parent_id)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const setDepth = (list: CategoryNode[], depth: number) => {
    for (const n of list) {
      n.depth = depth
      setDepth(n.children, depth + 1)
    }
  }
  setDepth(roots, 0)
  return roots
}

const siblingsOf = (categories: AdminCategory[], parentId: number | null) => categories.filter((c) => c.parent_id === parentId)

/** The place a category has now. */
export function placeOf(categories: AdminCategory[], id: number): CategoryPlace | null {
  const self = categories.find((c) => c.id === id)
  if (!self) return null
  return { parent_id: self.parent_id, position: siblingsOf(categories, self.parent_id).findIndex((c) => c.id === id) }
}

/** The category and everything under it. */
export function withDescendants(categories: AdminCategory[], id: number): Set<number> {
  const out = new Set([id])
  for (const c of categories) if (c.parent_id !== null && out.has(c.parent_id)) out.add(c.id)
  return out
}

/**
 * Where a move by keyboard puts a category, or null when it cannot go that way: up / down among its siblings,
 * indent: last child of the sibling above it, outdent: right after its parent.
 */
export function keyboardTarget(categories: AdminCategory[], id: number, move: KeyboardMove): CategoryPlace | null {
  const self = categories.find((c) => c.id === id)
  if (!self) return null
  const siblings = siblingsOf(categories, self.parent_id)
  const index = siblings.findIndex((c) => c.id === id)
  switch (move) {
    case 'up':
      return index > 0 ? { parent_id: self.parent_id, position: index - 1 } : null
    case 'down':
      return index < siblings.length - 1 ? { parent_id: self.parent_id, position: index + 1 } : null
    case 'indent': {
      const above = siblings[index - 1]
      return above ? { parent_id: above.id, position: siblingsOf(categories, above.id).length } : null
    }
    case 'outdent': {
      if (self.parent_id === null) return null
      const parent = categories.find((c) => c.id === self.parent_id)
      if (!parent) return null
      const parentIndex = siblingsOf(categories, parent.parent_id).findIndex((c) => c.id === parent.id)
      return { parent_id: parent.parent_id, position: parentIndex + 1 }
    }
  }
}

/** Where a drop of `id` on the row of `overId` puts it, or null when that is under itself or where it already is. */
export function dropTarget(categories: AdminCategory[], id: number, overId: number, side: DropSide): CategoryPlace | null {
  if (withDescendants(categories, id).has(overId)) return null
  const over = categories.find((c) => c.id === overId)
  if (!over) return null
  let place: CategoryPlace
  if (side === 'inside') {
    place = { parent_id: over.id, position: siblingsOf(categories, over.id).filter((c) => c.id !== id).length }
  } else {
    const siblings = siblingsOf(categories, over.parent_id).filter((c) => c.id !== id)
    const index = siblings.findIndex((c) => c.id === overId)
    place = { parent_id: over.parent_id, position: side === 'before' ? index : index + 1 }
  }
  const now = placeOf(categories, id)
  return now && now.parent_id === place.parent_id && now.position === place.position ? null : place
}

/** The same list with the category moved, as the server will answer it (for an optimistic view). */
export function applyMove(categories: AdminCategory[], id: number, place: CategoryPlace): AdminCategory[] {
  const self = categories.find((c) => c.id === id)
  if (!self) return categories
  const moved = { ...self, parent_id: place.parent_id }
  const rest = categories.filter((c) => c.id !== id)
  const target = siblingsOf(rest, place.parent_id)
  target.splice(Math.min(place.position, target.length), 0, moved)
  const byParent = new Map<number | null, AdminCategory[]>()
  for (const c of [...rest, moved]) byParent.set(c.parent_id, [])
  for (const c of rest) byParent.get(c.parent_id)!.push(c)
  byParent.set(place.parent_id, target)
  const out: AdminCategory[] = []
  const walk = (parentId: number | null) => {
    for (const [i, c] of (byParent.get(parentId) ?? []).entries()) {
      out.push({ ...c, position: i })
      walk(c.id)
    }
  }
  walk(null)
  return out
}
