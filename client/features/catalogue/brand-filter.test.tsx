// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BrandFilter, foldedBrands, SIDEBAR_BRANDS } from './brand-filter'

afterEach(cleanup)

const brands = Array.from({ length: 40 }, (_, i) => ({ name: `Brand ${String(i + 1).padStart(2, '0')}`, slug: `brand-${i + 1}`, logo: null }))
const boxes = () => screen.getAllByRole('checkbox').length

describe('BrandFilter', () => {
  it('lists the first brands and the ticked ones in the sidebar until "Show all", so a big website’s list page stays small', () => {
    render(<BrandFilter brands={brands} selected={['brand-33']} onChange={() => {}} />)
    expect(boxes()).toBe(SIDEBAR_BRANDS + 1)
    expect(screen.getByRole('checkbox', { name: 'Brand 33' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show all 40 brands' }))
    expect(boxes()).toBe(40)
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull()
  })

  it('lists the brands with the most products in the list shown, then the first by name, in the website’s order', () => {
    const top = ['brand-40', 'brand-25', 'brand-7']
    render(<BrandFilter brands={brands} selected={['brand-33']} onChange={() => {}} top={top} />)
    const names = screen.getAllByRole('checkbox').map((b) => b.closest('label')?.textContent)
    expect(names).toHaveLength(SIDEBAR_BRANDS + 1)
    for (const name of ['Brand 40', 'Brand 25', 'Brand 07', 'Brand 33', 'Brand 01']) expect(names).toContain(name)
    expect(names).toEqual([...names].sort())
    expect(foldedBrands(brands, brands.map((b) => b.slug).reverse(), []).map((b) => b.slug)).toEqual(brands.slice(-SIDEBAR_BRANDS).map((b) => b.slug))
  })

  it('finds any brand by name while folded, and lists all at once in the drawer', () => {
    render(<BrandFilter brands={brands} selected={[]} onChange={() => {}} />)
    fireEvent.change(screen.getByLabelText('Filter brands'), { target: { value: 'brand 39' } })
    expect(screen.getAllByRole('checkbox').map((b) => b.getAttribute('aria-label') ?? b.closest('label')?.textContent)).toHaveLength(1)
    cleanup()
    render(<BrandFilter brands={brands} selected={[]} onChange={() => {}} capped={false} />)
    expect(boxes()).toBe(40)
  })

  it('shows every brand of a small website without a button', () => {
    render(<BrandFilter brands={brands.slice(0, SIDEBAR_BRANDS + 2)} selected={[]} onChange={() => {}} />)
    expect(boxes()).toBe(SIDEBAR_BRANDS + 2)
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull()
  })
})
