import type { MenuItemNode } from '../../../common/contracts/admin-site'

/** A menu item while it is edited: a key that stays with it through moves (React keys, drag ids). */
export interface EditItem extends Omit<MenuItemNode, 'children'> {
  key: string
  children: EditItem[]
}

let nextKey = 1
export const newKey = () => `m${nextKey++}`

export function toEdit(items: readonly (Omit<MenuItemNode, 'children'> & { children: readonly unknown[]; slug?: string | null })[]): EditItem[] {
  return items.map(({ slug: _, ...i }) => ({
    ...i,
    key: newKey(),
    // the /categories item's children are the category tree, filled in by the storefront: not edited here
    children: i.value === '/categories' ? [] : toEdit(i.children as MenuItemNode[]),
  }))
}

export function toSaved(items: EditItem[]): MenuItemNode[] {
  return items.map(({ key: _, ...i }) => ({ ...i, children: toSaved(i.children) }))
}

/** Where an item sits: the list holding it and its index there. */
function locate(items: EditItem[], key: string): { list: EditItem[]; index: number; parent: EditItem | null } | null {
  const walk = (list: EditItem[], parent: EditItem | null): ReturnType<typeof locate> => {
    for (let i = 0; i < list.length; i++) {
      if (list[i].key === key) return { list, index: i, parent }
      const found = walk(list[i].children, list[i])
      if (found) return found
    }
    return null
  }
  return walk(items, null)
}

const clone = (items: EditItem[]): EditItem[] => items.map((i) => ({ ...i, children: clone(i.children) }))

export function findItem(items: EditItem[], key: string): EditItem | null {
  const at = locate(items, key)
  return at ? at.list[at.index] : null
}

export function pathOf(items: EditItem[], key: string): string | null {
  const walk = (list: EditItem[], prefix: string): string | null => {
    for (let i = 0; i < list.length; i++) {
      const here = `${prefix}${i}`
      if (list[i].key === key) return here
      const found = walk(list[i].children, `${here}.children.`)
      if (found) return found
    }
    return null
  }
  return walk(items, '')
}

export function updateItem(items: EditItem[], key: string, change: Partial<EditItem>): EditItem[] {
  return items.map((i) => (i.key === key ? { ...i, ...change } : { ...i, children: updateItem(i.children, key, change) }))
}

export function removeItem(items: EditItem[], key: string): EditItem[] {
  return items.filter((i) => i.key !== key).map((i) => ({ ...i, children: removeItem(i.children, key) }))
}

export function addChild(items: EditItem[], parentKey: string | null, item: EditItem): EditItem[] {
  if (parentKey === null) return [...items, item]
  return items.map((i) => (i.key === parentKey ? { ...i, children: [...i.children, item] } : { ...i, children: addChild(i.children, parentKey, item) }))
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent'

/** Up and down among its neighbours, indent under the one above (as its last child), outdent to after its parent. */
export function moveItem(items: EditItem[], key: string, how: KeyboardMove): EditItem[] {
  const next = clone(items)
  const at = locate(next, key)
  if (!at) return items
  const { list, index } = at
  const [item] = list.splice(index, 1)
  if (how === 'up' && index > 0) list.splice(index - 1, 0, item)
  else if (how === 'down' && index < list.length) list.splice(index + 1, 0, item)
  else if (how === 'indent' && index > 0) list[index - 1].children.push(item)
  else if (how === 'outdent' && at.parent) {
    const outer = locate(next, at.parent.key)!
    outer.list.splice(outer.index + 1, 0, item)
  } else return items
  return next
}

export type DropSide = 'before' | 'after' | 'inside'

/** Drops `key` before, after or inside `overKey`; never into itself or its own children. */
export function dropItem(items: EditItem[], key: string, overKey: string, side: DropSide): EditItem[] {
  if (key === overKey) return items
  const moving = findItem(items, key)
  if (!moving || findItem(moving.children, overKey)) return items
  const next = removeItem(clone(items), key)
  const over = locate(next, overKey)
  if (!over) return items
  if (side === 'inside') over.list[over.index].children.push(moving)
  else over.list.splice(side === 'before' ? over.index : over.index + 1, 0, moving)
  return next
}

export const depthOf = (items: EditItem[]): number => (items.length ? 1 + Math.max(...items.map((i) => depthOf(i.children))) : 0)
