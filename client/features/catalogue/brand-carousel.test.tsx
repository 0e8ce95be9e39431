// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from '../../lib/router'
import { stubCarouselEnvironment } from '../../ui/carousel-test-env'
import { BrandCarousel } from './brand-carousel'

let restore: () => void
beforeEach(() => {
  restore = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  restore()
})

describe('BrandCarousel', () => {
  it('shows logo tiles that open the product list filtered by brand', () => {
    render(
      <MemoryRouter>
        <BrandCarousel
          title="Brands we love"
          headingId="br"
          brands={[
            { name: 'Amul', slug: 'amul', logo: 'demo/brands/amul.webp' },
            { name: 'Tata Sampann', slug: 'tata-sampann', logo: null },
          ]}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('region', { name: 'Brands we love' })).toBeTruthy()
    const amul = screen.getByRole('link', { name: 'Amul' })
    expect(amul.getAttribute('href')).toBe('/products?b=amul')
    expect(amul.querySelector('img')!.getAttribute('src')).toBe('/cdn/small/demo/brands/amul.webp')
    expect(screen.getByRole('link', { name: 'Tata Sampann' }).getAttribute('href')).toBe('/products?b=tata-sampann')
  })

  it('shows skeleton tiles while brands are missing, and nothing for none', () => {
    const { unmount } = render(
      <MemoryRouter>
        <BrandCarousel brands={undefined} />
      </MemoryRouter>,
    )
    expect(screen.getAllByTestId('brand-tile-skeleton')).toHaveLength(5)
    unmount()
    const { container } = render(
      <MemoryRouter>
        <BrandCarousel brands={[]} />
      </MemoryRouter>,
    )
    expect(container.innerHTML).toBe('')
  })
})
