// @vitest-environment node
// Server rendering happens without window or document: every block must render to HTML there.
import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from '../lib/router'
import type { PageComponent } from '../../common/contracts/pages'
import { PromoPopup } from '../features/site-settings/popup'
import { PageBlocks } from './block-registry'

const blocks: PageComponent[] = [
  {
    order: 0,
    type: 'hero_banner',
    name: 'Hero',
    settings: { aspect: '16/5', slidesconfig: { sm: 1, md: 1, columns: 1, autoplayInterval: 2500 } },
    data: {
      slides: [
        { image: 'demo/banners/h1.webp', image_sm: 'demo/banners/h1-sm.webp', link: '/products', alt: 'Staples' },
        { image: 'demo/banners/h2.webp', link: 'www.example.com', alt: 'Partner' },
      ],
    },
  },
  {
    order: 1,
    type: 'category_carousel',
    name: 'Categories',
    settings: {},
    data: { title: 'Shop by category' },
    response: [{ name: 'Masalas', slug: 'masalas-spices', avatar: null, children: [] }],
  },
  { order: 2, type: 'product_carousel', name: 'Best sellers', settings: {}, data: { title: 'Best sellers', link: '/products' } },
  { order: 3, type: 'rich_text', name: 'Note', settings: {}, data: { html: '<p>Hello <a href="/about-us">about</a></p>' } },
  {
    order: 4,
    type: 'category_grid',
    name: 'Tiles',
    settings: {},
    data: { title: 'Aisles' },
    response: [{ name: 'Dals', slug: 'dals-pulses', avatar: null, children: [] }],
  },
  { order: 5, type: 'product_grid', name: 'Grid', settings: {}, data: { title: 'Bestsellers' } },
]

describe('PageBlocks on the server', () => {
  it('renders without a DOM', () => {
    expect(typeof window).toBe('undefined')
    const html = renderToString(
      <MemoryRouter>
        <PageBlocks blocks={blocks} />
      </MemoryRouter>,
    )
    expect(html).toContain('media="(max-width: 639px)"')
    expect(html.toLowerCase()).toContain('fetchpriority="high"')
    expect(html).toContain('aria-roledescription="carousel"')
    expect(html).toContain('href="/products?c=masalas-spices"')
    expect(html).toContain('href="https://www.example.com" target="_blank" rel="noopener noreferrer"')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('<p>Hello <a href="/about-us">about</a></p>')
    // blocks below the fold (the first two by order are above it) draw as their placeholders (features/pages/fold.ts)
    expect(html).toContain('data-near="false"')
    // the grids (issue 31), drawn above the fold: tiles with lazy pictures of a known size, and skeleton cards while products are missing
    const grids = renderToString(
      <MemoryRouter>
        <PageBlocks blocks={blocks.filter((b) => b.type.endsWith('_grid'))} />
      </MemoryRouter>,
    )
    expect(grids).toMatch(/href="\/products\?c=dals-pulses"[^>]*><img[^>]*width="160" height="160"[^>]*loading="lazy"/)
    expect(grids).toMatch(/<div class="grid grid-cols-2[^"]*"><div aria-hidden="true" data-testid="product-card-skeleton"/)
  })

  it('renders no popup (it appears after 5 s in the browser)', () => {
    expect(renderToString(<PromoPopup popup={{ image: 'demo/popups/main.webp', duration: 5, link: '/products', once: true }} pathname="/" />)).toBe('')
  })
})
