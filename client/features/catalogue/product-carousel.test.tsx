// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from '../../lib/router'
import type { Product } from '../../../common/contracts/catalogue'
import { stubCarouselEnvironment } from '../../ui/carousel-test-env'
import { ProductCarousel } from './product-carousel'

let restore: () => void
beforeEach(() => {
  restore = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  restore()
})

const product = (id: number, name: string): Product => ({
  product_id: id,
  product_name: name,
  brand_name: 'Amul',
  slug: `p-${id}`,
  brand_slug: 'amul',
  category_slug: 'dairy',
  wishlist: false,
  medias: [{ src: `demo/products/p-${id}.webp` }],
  image: '',
  packs: [{ pack_id: id * 10, pack_name: '500 g', price: 55, act_price: 60, discount: 8, warehouse_id: 1, discount_type: null, in_stock: true }],
})
const products = [product(1, 'Amul Butter'), product(2, 'Amul Ghee'), product(3, 'Amul Cheese')]

describe('ProductCarousel', () => {
  it('shows the title, a View all link and one product card per slide', () => {
    render(
      <MemoryRouter>
        <section aria-labelledby="best">
          <ProductCarousel title="Best sellers" headingId="best" viewAllHref="/products?s=popularity" products={products} />
        </section>
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Best sellers' }).id).toBe('best')
    expect(screen.getByRole('link', { name: 'View all Best sellers' }).getAttribute('href')).toBe('/products?s=popularity')
    const regions = screen.getAllByRole('region', { name: 'Best sellers' })
    expect(regions.map((r) => r.tagName)).toEqual(['SECTION', 'DIV'])
    const region = regions[1]
    expect(region.getAttribute('aria-roledescription')).toBe('carousel')
    expect(within(region).getAllByRole('article')).toHaveLength(3)
    expect(within(region).getByRole('link', { name: 'Amul Ghee' }).getAttribute('href')).toBe('/products/p-2')
  })

  it('passes the action and corner render props into each card', () => {
    render(
      <MemoryRouter>
        <ProductCarousel
          title="Offers"
          products={products}
          action={(pack, p) => (
            <button type="button">
              Add {p.product_name} {pack.pack_name}
            </button>
          )}
          corner={(p) => <button type="button">Save {p.product_name}</button>}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('button', { name: 'Add Amul Cheese 500 g' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save Amul Butter' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /View all/ })).toBeNull()
  })

  it('shows skeleton cards while products are missing, and nothing for an empty list', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ProductCarousel title="Loading" products={undefined} />
      </MemoryRouter>,
    )
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(5)
    expect(screen.getByRole('region', { name: 'Loading' }).getAttribute('aria-busy')).toBe('true')
    unmount()
    const { container } = render(
      <MemoryRouter>
        <ProductCarousel title="Empty" products={[]} />
      </MemoryRouter>,
    )
    expect(container.innerHTML).toBe('')
  })
})
