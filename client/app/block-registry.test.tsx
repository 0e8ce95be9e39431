// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from '../lib/router'
import type { Product } from '../../common/contracts/catalogue'
import { stubCarouselEnvironment } from '../ui/carousel-test-env'
import type { PageComponent, PageData } from '../../common/contracts/pages'
import { foldPage, isLater } from '../features/pages/fold'
import { PageBlocks } from './block-registry'

let restore: () => void
beforeEach(() => {
  restore = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  restore()
  vi.restoreAllMocks()
})

const product: Product = {
  product_id: 7,
  product_name: 'MDH Garam Masala',
  brand_name: 'MDH',
  slug: 'mdh-garam-masala',
  brand_slug: 'mdh',
  category_slug: 'masalas-spices',
  wishlist: false,
  medias: [{ src: 'demo/products/mdh.webp' }],
  image: '',
  packs: [{ pack_id: 70, pack_name: '100 g', price: 80, act_price: 90, discount: 11, warehouse_id: 1, discount_type: null, in_stock: true }],
}
const block = (order: number, type: string, name: string, extra: Partial<PageComponent> = {}): PageComponent => ({
  order,
  type,
  name,
  data: null,
  settings: {},
  ...extra,
})

const page: PageComponent[] = [
  block(5, 'brand_carousel', 'Brands', { data: { title: 'Brands we love' }, response: [{ name: 'MDH', slug: 'mdh', logo: null }] }),
  block(2, 'product_carousel', 'Best sellers', { data: { title: 'Best sellers', link: '/products?s=popularity' }, response: [product] }),
  block(0, 'hero_banner', 'Hero', { data: { slides: [{ image: 'demo/banners/h1.webp', link: '/products', alt: 'Sale' }] } }),
  block(1, 'category_carousel', 'Categories', {
    data: { title: 'Shop by category' },
    response: [{ name: 'Masalas', slug: 'masalas-spices', avatar: null, children: [] }],
  }),
  block(7, 'rich_text', 'Note', { data: { html: '<p>Fresh every morning.</p>' } }),
  block(6, 'supplier_tiles', 'Suppliers', { data: { title: 'Our suppliers', items: [{ name: 'Guntur Spice Growers', link: '/about-us', avatar: null }] } }),
]
/** Every block in view: the observer reports each element it is given as intersecting at once. */
function everythingInView() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver)
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return []
      }
    },
  )
}

const pageData: PageData = {
  url: '/',
  data: [],
  css: '',
  show_footer: true,
  show_sub_navbar: true,
  show_navbar: true,
  seo_title: 'Home',
  seo_description: null,
  seo_keyword: null,
  schema_script: null,
}

const renderPage = (blocks: PageComponent[], props: Partial<Parameters<typeof PageBlocks>[0]> = {}) =>
  render(
    <MemoryRouter>
      <PageBlocks blocks={blocks} {...props} />
    </MemoryRouter>,
  )

describe('PageBlocks', () => {
  it('renders blocks in order, one section each, skipping unknown types with one warning per type', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const withUnknown = [
      ...page,
      block(9, 'countdown_timer', 'Sale clock', { data: { ends: '2030-01-01' } }),
      block(3, 'countdown_timer', 'Another clock', { data: {} }),
    ]
    const { container } = renderPage(withUnknown)
    const types = [...container.querySelectorAll('section')].map((s) => s.dataset.blockType)
    expect(types).toEqual(['hero_banner', 'category_carousel', 'product_carousel', 'brand_carousel', 'supplier_tiles', 'rich_text'])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toContain('countdown_timer')
    expect(container.textContent).not.toContain('Sale clock')

    cleanup()
    renderPage(withUnknown)
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('labels each titled section by its h2', () => {
    const { container } = renderPage(page)
    const sections = [...container.querySelectorAll('section')]
    const names = sections.map((s) => {
      const id = s.getAttribute('aria-labelledby')
      return id ? `${document.getElementById(id)?.tagName}:${document.getElementById(id)?.textContent}` : null
    })
    expect(names).toEqual([null, 'H2:Shop by category', 'H2:Best sellers', 'H2:Brands we love', 'H2:Our suppliers', null])
  })

  it('wires each block to its data', () => {
    everythingInView()
    renderPage(page)
    expect(screen.getByRole('link', { name: 'Sale' }).getAttribute('href')).toBe('/products')
    expect(screen.getByRole('link', { name: 'Masalas' }).getAttribute('href')).toBe('/products?c=masalas-spices')
    expect(screen.getByRole('link', { name: 'MDH Garam Masala' }).getAttribute('href')).toBe('/products/mdh-garam-masala')
    expect(screen.getByRole('link', { name: 'View all Best sellers' }).getAttribute('href')).toBe('/products?s=popularity')
    expect(screen.getByRole('link', { name: 'MDH' }).getAttribute('href')).toBe('/products?b=mdh')
    expect(screen.getByRole('link', { name: 'Guntur Spice Growers' }).getAttribute('href')).toBe('/about-us')
    expect(screen.getByText('Fresh every morning.')).toBeTruthy()
  })

  it('passes the action and corner render props to product cards', () => {
    everythingInView()
    renderPage(page, {
      action: (pack) => <button type="button">Add {pack.pack_name}</button>,
      corner: (p) => <button type="button">Wishlist {p.product_name}</button>,
    })
    expect(screen.getByRole('button', { name: 'Add 100 g' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Wishlist MDH Garam Masala' })).toBeTruthy()
  })

  it('shows placeholders for a carousel whose data is missing, and no View all link to another site', () => {
    renderPage([block(0, 'product_carousel', 'Top offers', { data: { title: 'Top offers', link: '//evil.test' } })])
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(5)
    expect(screen.queryByRole('link', { name: /View all/ })).toBeNull()
  })

  it('shows a page skeleton while the page loads', () => {
    renderPage([], { loading: true })
    expect(screen.getByRole('status').textContent).toBe('Loading page')
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(5)
  })

  it('does not mistake inherited object members for block types', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { container } = renderPage([block(0, 'constructor', 'x'), block(1, 'toString', 'y'), block(2, '__proto__', 'z')])
    expect(container.querySelectorAll('section')).toHaveLength(0)
  })

  it('keeps the given order for equal order values', () => {
    const { container } = renderPage([
      block(0, 'rich_text', 'A', { data: { html: '<p>first</p>' } }),
      block(0, 'rich_text', 'B', { data: { html: '<p>second</p>' } }),
    ])
    expect(container.textContent).toBe('firstsecond')
  })

  it('draws a block below the fold as its placeholder until it nears the view, and asks for missing data then (issue 31)', () => {
    const onLater = vi.fn()
    const folded = foldPage({ ...pageData, data: page }).data
    const { container } = renderPage(folded, { onLater })
    // the first two blocks by order in full; the product carousel below them its heading, link and skeletons
    expect(screen.getByRole('link', { name: 'Masalas' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View all Best sellers' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'MDH Garam Masala' })).toBeNull()
    expect(container.querySelectorAll('[data-near="false"]')).toHaveLength(4)
    expect(onLater).not.toHaveBeenCalled()

    cleanup()
    everythingInView()
    renderPage(folded, { onLater })
    expect(onLater).toHaveBeenCalled()
    cleanup()
    // with the page's data (asked for again), a block that nears the view draws in full
    renderPage(page, { onLater: vi.fn() })
    expect(screen.getByRole('link', { name: 'MDH Garam Masala' })).toBeTruthy()
  })
})

describe('foldPage (server rendering)', () => {
  it("keeps the first two blocks by order whole and drops the server's data of the others, marking them", () => {
    const folded = foldPage({ ...pageData, data: page })
    const byName = new Map(folded.data.map((b) => [b.name, b]))
    expect(byName.get('Categories')?.response).toBeDefined()
    expect(isLater(byName.get('Categories')!)).toBe(false)
    expect(byName.get('Best sellers')?.response).toBeUndefined()
    expect(isLater(byName.get('Best sellers')!)).toBe(true)
    expect(isLater(byName.get('Brands')!)).toBe(true)
    // blocks without server data (their own stored data) are left as they are
    expect(byName.get('Note')).toBe(page.find((b) => b.name === 'Note'))
    expect(folded.seo_title).toBe('Home')
  })
})

describe('grid blocks (issue 31)', () => {
  const categories = [
    { name: 'Atta, Rice & Dals', slug: 'atta-rice-dals', avatar: 'demo/categories/atta-rice-dals.webp', children: [] },
    { name: 'Masalas', slug: 'masalas-spices', avatar: null, children: [] },
  ]
  const second: Product = {
    ...product,
    product_id: 8,
    product_name: 'Tata Salt',
    slug: 'tata-salt',
    packs: [{ ...product.packs[0], pack_id: 80, pack_name: '1 kg' }],
  }
  const grids = [
    block(1, 'category_grid', 'Tiles', { data: { title: 'Shop by category' }, response: categories }),
    block(2, 'product_grid', 'Best sellers', { data: { title: 'Best sellers', link: '/products?s=popularity' }, response: [product, second] }),
  ]

  it('shows category tiles in rows: 3 across, 4 from 360px, each a lazy picture with its size and the name, opening the category', () => {
    const { container } = renderPage(grids)
    const section = container.querySelector('section[data-block-type="category_grid"]')!
    expect(document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent).toBe('Shop by category')
    const list = section.querySelector('ul')!
    expect(list.className).toContain('grid-cols-3')
    expect(list.className).toContain('min-[360px]:grid-cols-4')
    const tiles = [...list.querySelectorAll('li')]
    expect(tiles).toHaveLength(2)
    const atta = screen.getByRole('link', { name: 'Atta, Rice & Dals' })
    expect(atta.getAttribute('href')).toBe('/products?c=atta-rice-dals')
    const img = atta.querySelector('img')!
    expect([img.getAttribute('loading'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['lazy', '160', '160'])
    expect(screen.getByRole('link', { name: 'Masalas' }).querySelector('img')!.getAttribute('src')).toBe('/cdn/small/placeholder.webp')
  })

  it('shows products in rows of 2 on a phone, each card with its Add to Cart and lazy picture, and a View all link', () => {
    const { container } = renderPage(grids, { action: (pack, p) => <button type="button">Add {`${p.product_name} ${pack.pack_name}`}</button> })
    const section = container.querySelector('section[data-block-type="product_grid"]')!
    expect(document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent).toBe('Best sellers')
    const list = section.querySelector('ul')!
    expect(list.className.split(' ')).toContain('grid-cols-2')
    expect(list.className).toContain('xl:grid-cols-6')
    expect([...list.querySelectorAll('li h3')].map((h) => h.textContent)).toEqual(['MDH Garam Masala', 'Tata Salt'])
    expect(screen.getByRole('button', { name: 'Add MDH Garam Masala 100 g' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add Tata Salt 1 kg' })).toBeTruthy()
    for (const img of list.querySelectorAll('img')) expect([img.getAttribute('loading'), img.getAttribute('width')]).toEqual(['lazy', '400'])
    expect(screen.getByRole('link', { name: 'View all Best sellers' }).getAttribute('href')).toBe('/products?s=popularity')
    expect(section.querySelector('[aria-roledescription="carousel"]')).toBeNull()
  })

  it('shows skeletons while a grid has no data, and nothing for an empty grid', () => {
    renderPage([block(1, 'category_grid', 'Tiles', { data: { title: 'Shop by category' } }), block(2, 'product_grid', 'Picks', { data: { title: 'Picks' } })])
    expect(screen.getAllByTestId('category-grid-skeleton')).toHaveLength(8)
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(4)
    cleanup()
    const { container } = renderPage([
      block(1, 'category_grid', 'Tiles', { data: { title: 'Shop by category' }, response: [] }),
      block(2, 'product_grid', 'Picks', { data: { title: 'Picks' }, response: [] }),
    ])
    expect(container.querySelector('h2')).toBeNull()
    expect(container.querySelectorAll('li')).toHaveLength(0)
  })
})
