import { describe, expect, it } from 'vitest'
import type { AdminCategory } from '../../../../common/contracts/admin-catalogue'
import { applyMove, categoryTree, dropTarget, keyboardTarget } from './category-tree'

const cat = (id: number, name: string, parent_id: number | null, position: number): AdminCategory => ({
  id,
  name,
  slug: name.toLowerCase(),
  parent_id,
  position,
  avatar: null,
  products: 0,
})
// Staples (Rice, Dal, Atta), Snacks (Chips)
const LIST = [cat(1, 'Staples', null, 0), cat(2, 'Rice', 1, 0), cat(3, 'Dal', 1, 1), cat(4, 'Atta', 1, 2), cat(5, 'Snacks', null, 1), cat(6, 'Chips', 5, 0)]
const names = (list: AdminCategory[]) => list.map((c) => `${c.name}<${list.find((p) => p.id === c.parent_id)?.name ?? ''}:${c.position}`)

describe('moves in the category tree', () => {
  it('moves up and down among siblings, not past the ends', () => {
    expect(keyboardTarget(LIST, 3, 'up')).toEqual({ parent_id: 1, position: 0 })
    expect(keyboardTarget(LIST, 3, 'down')).toEqual({ parent_id: 1, position: 2 })
    expect(keyboardTarget(LIST, 2, 'up')).toBeNull()
    expect(keyboardTarget(LIST, 4, 'down')).toBeNull()
  })

  it('indents under the sibling above (last) and outdents to right after the parent', () => {
    expect(keyboardTarget(LIST, 3, 'indent')).toEqual({ parent_id: 2, position: 0 })
    expect(keyboardTarget(LIST, 5, 'indent')).toEqual({ parent_id: 1, position: 3 })
    expect(keyboardTarget(LIST, 2, 'indent')).toBeNull()
    expect(keyboardTarget(LIST, 3, 'outdent')).toEqual({ parent_id: null, position: 1 })
    expect(keyboardTarget(LIST, 1, 'outdent')).toBeNull()
  })

  it('drops before, after or inside a row, never under itself, and not where it already is', () => {
    expect(dropTarget(LIST, 6, 2, 'before')).toEqual({ parent_id: 1, position: 0 })
    expect(dropTarget(LIST, 6, 4, 'after')).toEqual({ parent_id: 1, position: 3 })
    expect(dropTarget(LIST, 2, 5, 'inside')).toEqual({ parent_id: 5, position: 1 })
    // Rice after Atta: among Dal, Atta (without Rice) it is third
    expect(dropTarget(LIST, 2, 4, 'after')).toEqual({ parent_id: 1, position: 2 })
    expect(dropTarget(LIST, 1, 3, 'inside')).toBeNull()
    expect(dropTarget(LIST, 1, 1, 'after')).toBeNull()
    expect(dropTarget(LIST, 2, 3, 'before')).toBeNull()
  })

  it('applies a move as the server answers it: tree order, positions renumbered', () => {
    const moved = applyMove(LIST, 6, { parent_id: 1, position: 1 })
    expect(names(moved)).toEqual(['Staples<:0', 'Rice<Staples:0', 'Chips<Staples:1', 'Dal<Staples:2', 'Atta<Staples:3', 'Snacks<:1'])
    const tree = categoryTree(moved)
    expect(tree.map((n) => [n.name, n.children.map((c) => `${c.name}@${c.depth}`)])).toEqual([
      ['Staples', ['Rice@1', 'Chips@1', 'Dal@1', 'Atta@1']],
      ['Snacks', []],
    ])
  })
})
