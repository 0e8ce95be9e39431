import { describe, expect, it } from 'vitest'
import { suppliersOf } from './suppliers'

describe('the tea-and-snacks demo store', () => {
  it('has its own supplier tiles: tea and snack makers, not the grocery store’s rice and flour mills', () => {
    const tiles = suppliersOf('shop2')
    expect(tiles.length).toBeGreaterThanOrEqual(3)
    expect(tiles.map((s) => s.title).join(' ')).not.toMatch(/rice|atta|besan|chillies/i)
    expect(tiles.map((s) => s.title).join(' ')).toMatch(/tea/i)
    expect(tiles).not.toEqual(suppliersOf('main'))
  })
})
