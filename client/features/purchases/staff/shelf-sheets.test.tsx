// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShelfLabel } from '../../../../common/contracts/admin-supplier-books'
import { SHEETS, ShelfSheets } from './shelf-sheets'

afterEach(cleanup)

const ghee: ShelfLabel = {
  pack_id: 7,
  product_name: 'Nandini Ghee',
  pack_name: '500 ml',
  mrp: 350,
  price: 319,
  code: '8901234567897',
  batch: 'B1',
  expiry: '2030-03-31',
  units: 40,
}
const dal: ShelfLabel = { ...ghee, pack_id: 8, product_name: 'Toor Dal', pack_name: '1 kg', mrp: 180, price: 165, code: 'P8', expiry: null }

describe('shelf labels on A4 sheets', () => {
  it('prints name, pack, MRP, price, a barcode and the expiry on each label, copies as asked, 24 to a sheet', () => {
    const { getAllByRole, container } = render(<ShelfSheets labels={[ghee, dal]} copies={[20, 5]} kind="24" />)
    const sheets = getAllByRole('region')
    expect(sheets.map((s) => s.getAttribute('aria-label'))).toEqual(['Sheet 1', 'Sheet 2'])
    const labels = container.querySelectorAll('[data-label]')
    expect(labels).toHaveLength(25)
    const first = labels[0].textContent ?? ''
    for (const part of ['Nandini Ghee', '500 ml', 'MRP ₹350', '₹319', '8901234567897', 'Best before Mar 2030']) expect(first).toContain(part)
    expect(labels[0].querySelector('svg[aria-label="Barcode 8901234567897"] rect')).not.toBeNull()
    expect(labels[24].textContent).toContain('Toor Dal')
    expect(labels[24].textContent).not.toContain('Best before')
  })

  it('places the labels on the sheet’s grid, inside the A4 page (210 × 297 mm)', () => {
    for (const [kind, s] of Object.entries(SHEETS)) {
      expect(s.left * 2 + s.columns * s.width + (s.columns - 1) * s.gap).toBeCloseTo(210, 1)
      expect(s.top * 2 + s.rows * s.height).toBeCloseTo(297, 1)
      const { container } = render(<ShelfSheets labels={[ghee]} copies={[s.columns * s.rows]} kind={kind as keyof typeof SHEETS} />)
      const cells = [...container.querySelectorAll<HTMLElement>('[data-label]')].map((l) => l.parentElement!.style)
      expect(cells).toHaveLength(s.columns * s.rows)
      const last = cells.at(-1)!
      expect(Number.parseFloat(last.left) + s.width).toBeCloseTo(210 - s.left, 1)
      expect(Number.parseFloat(last.top) + s.height).toBeCloseTo(297 - s.top, 1)
      cleanup()
    }
  })
})
