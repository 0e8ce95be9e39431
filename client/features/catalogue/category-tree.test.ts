import { describe, expect, it } from 'vitest'
import { breadcrumbJsonLd, categoryCrumbs, isCategoryChecked, isCategoryIndeterminate, slugFromLink, toggleCategory } from './category-tree'
import { categories } from './test-kit'

describe('toggleCategory', () => {
  it.each<[string, string[], string, string[]]>([
    ['ticks a child', [], 'atta', ['atta']],
    ['unticks a child', ['atta', 'rice'], 'atta', ['rice']],
    ['a parent replaces its ticked children', ['atta', 'chips'], 'staples', ['chips', 'staples']],
    ['unticking a parent clears it', ['staples'], 'staples', []],
    ['unticking a parent ticked through all its children clears them', ['atta', 'rice', 'dals', 'chips'], 'staples', ['chips']],
    ['unticking one child of a ticked parent keeps the siblings', ['staples'], 'rice', ['atta', 'dals']],
    ['ticking the last child collapses to the parent', ['atta', 'rice'], 'dals', ['staples']],
    ['an only child collapses to its parent', [], 'chips', ['snacks']],
    ['unknown slugs toggle as they are', ['old'], 'old', []],
  ])('%s', (_name, selected, slug, next) => {
    expect(toggleCategory(categories, selected, slug)).toEqual(next)
  })
})

describe('tick state', () => {
  it('a ticked parent ticks its children; a ticked child makes the parent partial', () => {
    expect(isCategoryChecked(categories, ['staples'], 'rice')).toBe(true)
    expect(isCategoryChecked(categories, ['rice'], 'staples')).toBe(false)
    expect(isCategoryIndeterminate(categories, ['rice'], categories[0])).toBe(true)
    expect(isCategoryIndeterminate(categories, ['staples'], categories[0])).toBe(false)
    expect(isCategoryChecked(categories, ['chips'], 'snacks')).toBe(true)
  })
})

describe('links and crumbs', () => {
  it('strips the /products?c= prefix (spec §2)', () => {
    expect(slugFromLink('/products?c=atta')).toBe('atta')
    expect(slugFromLink('atta')).toBe('atta')
  })

  it('builds a trail from the root category', () => {
    expect(categoryCrumbs(categories, 'rice')).toEqual([
      { label: 'Staples', to: '/products?c=staples' },
      { label: 'Rice', to: '/products?c=rice' },
    ])
  })
})

describe('breadcrumbJsonLd', () => {
  it('is a schema.org BreadcrumbList from Home through the categories to the product', () => {
    const ld = JSON.parse(breadcrumbJsonLd('https://shop.test', categories, { product_name: 'Basmati', slug: 'basmati', category_slug: 'rice' }))
    expect(ld['@type']).toBe('BreadcrumbList')
    expect(ld.itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/' })
    expect(ld.itemListElement.at(-1)).toEqual({
      '@type': 'ListItem',
      position: ld.itemListElement.length,
      name: 'Basmati',
      item: 'https://shop.test/products/basmati',
    })
    expect(ld.itemListElement.length).toBe(2 + categoryCrumbs(categories, 'rice').length)
  })
})
