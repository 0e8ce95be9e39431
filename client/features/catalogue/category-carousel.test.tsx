// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from '../../lib/router'
import { stubCarouselEnvironment } from '../../ui/carousel-test-env'
import { CategoryCarousel } from './category-carousel'

let restore: () => void
beforeEach(() => {
  restore = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  restore()
})

describe('CategoryCarousel', () => {
  it('shows round avatar tiles that open the product list filtered by category', () => {
    render(
      <MemoryRouter>
        <CategoryCarousel
          title="Shop by category"
          headingId="cat"
          categories={[
            { name: 'Atta, Rice & Dals', slug: 'atta-rice-dals', avatar: 'demo/categories/atta-rice-dals.webp', children: [] },
            { name: 'Masalas & Spices', slug: 'masalas-spices', avatar: null, children: [] },
          ]}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Shop by category' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Shop by category' })).toBeTruthy()
    const atta = screen.getByRole('link', { name: 'Atta, Rice & Dals' })
    expect(atta.getAttribute('href')).toBe('/products?c=atta-rice-dals')
    expect(atta.querySelector('img')!.className).toContain('rounded-full')
    expect(screen.getByRole('link', { name: 'Masalas & Spices' }).querySelector('img')!.getAttribute('src')).toBe('/cdn/small/placeholder.webp')
  })

  it('shows skeleton tiles while categories are missing', () => {
    render(
      <MemoryRouter>
        <CategoryCarousel categories={undefined} />
      </MemoryRouter>,
    )
    expect(screen.getAllByTestId('category-tile-skeleton')).toHaveLength(5)
  })
})
