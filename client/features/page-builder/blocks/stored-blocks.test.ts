import { describe, expect, it } from 'vitest'
import type { PageComponent } from '../../../../common/contracts/pages'
import { brandCarouselView } from './brand-carousel/view'
import { categoryCarouselView } from './category-carousel/view'
import { heroBannerView } from './hero-banner/view'
import { productCarouselView } from './product-carousel/view'
import { richTextView } from './rich-text/view'
import { supplierTilesView } from './supplier-tiles/view'

// Stored blocks of any age are read without zod (issue 31) and a malformed part falls back as the zod readers did:
// a list item that does not parse is skipped, a bad setting is its default, a malformed server answer is placeholders.
const block = (type: string, data: unknown, extra: Partial<PageComponent> = {}): PageComponent => ({
  name: 'Block',
  type,
  order: 0,
  data,
  settings: {},
  ...extra,
})

describe('reading stored blocks without zod', () => {
  it('takes a title only when it is a non-empty text, trimmed', () => {
    for (const data of [null, 'Title', ['Title'], { title: 5 }, { title: '   ' }, {}])
      expect(brandCarouselView.read(block('brand_carousel', data)).title).toBeUndefined()
    expect(brandCarouselView.read(block('brand_carousel', { title: '  Top brands ' })).title).toBe('Top brands')
  })

  it("keeps a hero's slides that have an image and text or empty links and alts, skipping the others", () => {
    const slides = [
      { image: 'a.webp', image_sm: null, link: '/x', alt: 'A', extra: 1 },
      { image: '' },
      { image: 5 },
      { image: 'b.webp', link: 42 },
      { image: 'c.webp', alt: ['c'] },
      null,
      'd.webp',
      { image: 'e.webp' },
    ]
    expect(heroBannerView.read(block('hero_banner', { slides })).slides).toEqual([
      { image: 'a.webp', image_sm: null, link: '/x', alt: 'A' },
      { image: 'e.webp' },
    ])
    for (const data of [null, 'x', { slides: 'x' }, { slides: { 0: { image: 'a' } } }, []])
      expect(heroBannerView.read(block('hero_banner', data)).slides).toEqual([])
  })

  it("reads a hero's settings field by field, a bad one as its default, and settings that are not an object as none", () => {
    const read = (settings: unknown) => heroBannerView.read(block('hero_banner', { slides: [] }, { settings: settings as PageComponent['settings'] })).settings
    expect(read(null)).toEqual({})
    expect(read(['16/5'])).toEqual({})
    expect(read({ aspect: true, bgcolor: 'red;background:url(x)', fullpage: 'yes', slidesconfig: 5 })).toEqual({ fullpage: false })
    expect(read({ aspect: Number.NaN, bgcolor: 12 })).toEqual({})
    expect(read({ aspect: 3.2, bgcolor: 'rgb(1, 2, 3)', fullpage: true })).toEqual({ aspect: 3.2, bgcolor: 'rgb(1, 2, 3)', fullpage: true })
    expect(read({ slidesconfig: { sm: '2', md: 9, columns: 2.5, autoplayInterval: 999, extra: 1 } }).slidesconfig).toEqual({ sm: 2 })
    expect(read({ slidesconfig: { sm: null, md: true, autoplayInterval: '4000' } }).slidesconfig).toEqual({ md: 1, autoplayInterval: 4000 })
    expect(read({ slidesconfig: '{"sm":1,"md":2,"columns":4}' }).slidesconfig).toEqual({ sm: 1, md: 2, columns: 4 })
    for (const bad of ['{sm:1', '[1,2]', 'null', '3', [1], null]) expect(read({ slidesconfig: bad }).slidesconfig).toBeUndefined()
  })

  it('keeps supplier tiles with a name and fields of their types, skipping the others', () => {
    const items = [
      { name: 'Ravi Dairy', link: '/s/ravi', border: true, avatar: null },
      { name: '' },
      { name: 'X', border: 'yes' },
      { name: 'Y', image: 3 },
      { title: 'no name' },
      7,
    ]
    expect(supplierTilesView.read(block('supplier_tiles', { title: 'Suppliers', items }))).toEqual({
      title: 'Suppliers',
      items: [{ name: 'Ravi Dairy', link: '/s/ravi', border: true, avatar: null }],
    })
    expect(supplierTilesView.read(block('supplier_tiles', { items: 'x' })).items).toEqual([])
    expect(supplierTilesView.read(block('supplier_tiles', null)).items).toEqual([])
  })

  it('reads rich text only when the html is text', () => {
    expect(richTextView.read(block('rich_text', { html: '<p>Hi</p>' })).html).toBe('<p>Hi</p>')
    for (const data of [{ html: 5 }, { html: null }, null, ['<p>']]) expect(richTextView.read(block('rich_text', data)).html).toBeUndefined()
  })

  it('shows placeholders for a carousel whose server answer is missing or malformed, and links View all only to a site path', () => {
    const read = (data: unknown, response: unknown) =>
      productCarouselView.read(block('product_carousel', data, { response: response as PageComponent['response'] }))
    expect(read({ link: 42 }, null)).toEqual({ title: 'Block', viewAllHref: undefined, products: undefined })
    expect(read({ link: 'https://example.com' }, undefined).viewAllHref).toBeUndefined()
    expect(read({ link: '/products?c=masala' }, []).viewAllHref).toBe('/products?c=masala')
    expect(read({}, []).products).toEqual([])
    for (const response of [{}, 'x', [{ product_id: 1 }], [null]]) expect(read({}, response).products).toBeUndefined()
    expect(brandCarouselView.read(block('brand_carousel', {}, { response: [{ name: 'MDH', slug: 'mdh', logo: null }, { name: 'X' }] })).brands).toBeUndefined()
    expect(categoryCarouselView.read(block('category_carousel', {}, { response: [{ name: 'A', slug: 'a', avatar: null, children: [] }] })).categories).toEqual([
      { name: 'A', slug: 'a', avatar: null, children: [] },
    ])
    expect(categoryCarouselView.read(block('category_carousel', {}, { response: [{ name: 'A', slug: 'a', avatar: null }] })).categories).toBeUndefined()
  })
})
