import { describe, expect, it } from 'vitest'
import type { PageDraft } from '../../../common/contracts/admin-pages'
import { newBlock, PALETTE } from './blocks/forms'
import { checkPage, fromContent, sameContent, toInput } from './editor-state'

const page = (components: PageDraft['components']) => ({
  components,
  css: '',
  show_navbar: true,
  show_sub_navbar: true,
  show_footer: true,
  seo_title: null,
  seo_description: null,
  seo_keyword: null,
  schema_script: null,
})

const hero = {
  name: 'Hero',
  type: 'hero_banner',
  order: 0,
  data: { slides: [{ image: 'demo/banners/main-hero-1.webp', link: '/products', alt: 'Staples' }] },
  settings: { aspect: '16/5', fullpage: false, slidesconfig: { sm: 1, autoplayInterval: 2500 } },
  logicdata: {},
}
const products = {
  name: 'Best sellers',
  type: 'product_carousel',
  order: 1,
  data: { title: 'Best sellers' },
  settings: {},
  logicdata: { s: 'popularity', limit: 12 },
}

describe('the page editor state', () => {
  it('reads a saved block into its type and sends it back as it was, in the order shown', () => {
    const editor = fromContent(page([products, hero]))
    expect(editor.blocks.map((b) => b.type)).toEqual(['hero_banner', 'product_carousel'])
    expect(editor.blocks.some((b) => 'unread' in b)).toBe(false)
    expect(toInput(editor, '/x', 3).components).toEqual([hero, products])
    const checked = checkPage(editor, '/x', 3)
    expect(checked.ok && checked.input.components.map((b) => b.name)).toEqual(['Hero', 'Best sellers'])
  })

  it('keeps a block it cannot read as it was stored, so the save names what is wrong', () => {
    const odd = { name: 'Clock', type: 'countdown_timer', order: 0, data: { ends: '2030-01-01' }, settings: {}, logicdata: {} }
    const bad = { ...hero, order: 1, data: { slides: [{ image: 'demo/x.webp', link: 'javascript:alert(1)' }] } }
    const editor = fromContent(page([odd, bad]))
    expect(editor.blocks.map((b) => 'unread' in b)).toEqual([true, true])
    expect(toInput(editor, '/x', 0).components).toEqual([odd, bad])
    const checked = checkPage(editor, '/x', 0)
    expect(checked.ok).toBe(false)
    expect(!checked.ok && Object.keys(checked.errors)).toEqual(['components.0.type', 'components.1.data.slides.0.link'])
  })

  it('names an emptied field by its path, whether the key is gone or undefined', () => {
    const editor = fromContent(page([hero]))
    const block = editor.blocks[0]
    if ('unread' in block || block.type !== 'hero_banner') throw new Error('not a hero')
    const emptied = { ...editor, blocks: [{ ...block, data: { slides: [{ image: undefined, link: '/products' }] } }] }
    const checked = checkPage(emptied, '/x', 0)
    expect(!checked.ok && Object.keys(checked.errors)).toEqual(['components.0.data.slides.0.image'])
    expect(sameContent(emptied, { ...editor, blocks: [{ ...block, data: { slides: [{ link: '/products' }] } }] })).toBe(true)
  })

  it('adds every block type of the palette as a block a save takes', () => {
    expect(PALETTE).toEqual([
      'hero_banner',
      'product_carousel',
      'product_grid',
      'rich_text',
      'category_carousel',
      'category_grid',
      'brand_carousel',
      'supplier_tiles',
    ])
    const editor = { ...fromContent(page([])), blocks: PALETTE.map(newBlock) }
    expect(checkPage(editor, '/x', 0).ok).toBe(true)
  })

  it('checks a grid’s limit and picked products by the contract before a save (issue 31)', () => {
    const editor = fromContent(
      page([
        { name: 'Grid', type: 'product_grid', order: 0, settings: {}, data: {}, logicdata: { limit: 25, p: Array.from({ length: 25 }, (_, i) => `p${i}`) } },
        { name: 'Tiles', type: 'category_grid', order: 1, settings: {}, data: {}, logicdata: { limit: 0 } },
      ]),
    )
    const checked = checkPage(editor, '/x', 0)
    expect(!checked.ok && checked.errors).toEqual({
      'components.0.logicdata.limit': 'At most 24 products',
      'components.0.logicdata.p': 'At most 24 products',
      'components.1.logicdata.limit': 'At least 1 tile',
    })
  })
})
