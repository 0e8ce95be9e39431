import { describe, expect, it } from 'vitest'
import type { MenuItemNode } from '../../../common/contracts/admin-site'
import { dropItem, type EditItem, moveItem, pathOf, toEdit, toSaved } from './menu-tree'

const item = (name: string, children: MenuItemNode[] = []): MenuItemNode => ({
  group: 0,
  name,
  icon: null,
  show_icon: 0,
  link: `/${name}`,
  value: null,
  image: null,
  children,
})
const names = (items: EditItem[]): unknown => items.map((i) => (i.children.length ? [i.name, names(i.children)] : i.name))

describe('menu tree editing', () => {
  const start = () => toEdit([item('a'), item('b', [item('b1'), item('b2')]), item('c')])

  it('moves up, down, indents under the item above and outdents after the parent', () => {
    const t = start()
    const c = t[2].key
    expect(names(moveItem(t, c, 'up'))).toEqual(['a', 'c', ['b', ['b1', 'b2']]])
    expect(names(moveItem(t, c, 'indent'))).toEqual(['a', ['b', ['b1', 'b2', 'c']]])
    expect(names(moveItem(t, t[1].children[0].key, 'outdent'))).toEqual(['a', ['b', ['b2']], 'b1', 'c'])
    expect(names(moveItem(t, t[0].key, 'up'))).toEqual(names(t))
    expect(names(moveItem(t, t[0].key, 'outdent'))).toEqual(names(t))
  })

  it('drops before, after and inside, never into its own children', () => {
    const t = start()
    expect(names(dropItem(t, t[0].key, t[1].children[1].key, 'after'))).toEqual([['b', ['b1', 'b2', 'a']], 'c'])
    expect(names(dropItem(t, t[2].key, t[0].key, 'inside'))).toEqual([
      ['a', ['c']],
      ['b', ['b1', 'b2']],
    ])
    expect(names(dropItem(t, t[1].key, t[1].children[0].key, 'inside'))).toEqual(names(t))
  })

  it('names a field path the way the server answers 422, and saves without keys', () => {
    const t = start()
    expect(pathOf(t, t[1].children[1].key)).toBe('1.children.1')
    expect(toSaved(t)[1].children[0]).toEqual(item('b1'))
  })
})
