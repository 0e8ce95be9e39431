// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from '../../../../lib/router'
import { stubCarouselEnvironment } from '../../../../ui/carousel-test-env'
import { supplierTilesView } from './view'

const { read, View: SupplierTiles } = supplierTilesView

let restore: () => void
beforeEach(() => {
  restore = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  restore()
})

const items = [
  { name: 'Mandya Farmers Collective', link: '/about-us', avatar: 'demo/suppliers/mandya.webp', title: 'Rice & jaggery', border: true },
  { name: 'Nilgiri Tea Estates', link: 'https://nilgiri.example', avatar: 'demo/suppliers/nilgiri.webp', image: 'demo/suppliers/estate.webp' },
  { name: 'Unknown Mill', link: '//evil.test', avatar: null },
]

describe('SupplierTiles', () => {
  it('shows a titled carousel of supplier tiles that follow the slide-link rules', () => {
    const { container } = render(
      <MemoryRouter>
        <SupplierTiles
          headingId="sup"
          {...read({ name: 'Suppliers', type: 'supplier_tiles', order: 6, settings: {}, data: { title: 'Sourced from people we know', items } })}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Sourced from people we know' }).id).toBe('sup')
    expect(screen.getByRole('region', { name: 'Sourced from people we know' })).toBeTruthy()
    const mandya = screen.getByRole('link', { name: /Mandya Farmers Collective/ })
    expect(mandya.getAttribute('href')).toBe('/about-us')
    expect(mandya.className).toContain('border')
    expect(mandya.textContent).toContain('Rice & jaggery')
    const nilgiri = screen.getByRole('link', { name: /Nilgiri Tea Estates/ })
    expect(nilgiri.getAttribute('target')).toBe('_blank')
    expect(nilgiri.querySelector('img')!.getAttribute('src')).toBe('/cdn/small/demo/suppliers/estate.webp')
    expect(mandya.querySelector('img')!.getAttribute('src')).toBe('/cdn/thumb/demo/suppliers/mandya.webp')
    expect(screen.queryByRole('link', { name: /Unknown Mill/ })).toBeNull()
    expect(container.textContent).toContain('Unknown Mill')
  })
})
