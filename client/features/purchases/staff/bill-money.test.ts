import { describe, expect, it } from 'vitest'
import { billFigures, lineFigures } from './bill-money'

const line = (o: Partial<Record<string, string>>) => ({ quantity: '0', free_quantity: '0', cost_price: '0', discount: '0', gst_rate: '0', ...o })

describe('a purchase bill’s figures', () => {
  it('a line: quantity × cost − discount, GST on that, free units lower the unit cost', () => {
    expect(lineFigures(line({ quantity: '6', free_quantity: '2', cost_price: '40', discount: '16', gst_rate: '5' }))).toEqual({
      taxable: 22400,
      tax: 1120,
      unitCost: 2800,
    })
  })
  it('the bill: CGST + SGST halves within the state, IGST from another', () => {
    const lines = [line({ quantity: '10', cost_price: '42.5', gst_rate: '5' }), line({ quantity: '3', cost_price: '30', gst_rate: '12' })]
    expect(billFigures(lines, true)).toEqual({ taxable: 51500, cgst: 1603, sgst: 1602, igst: 0, total: 54705 })
    expect(billFigures(lines, false)).toEqual({ taxable: 51500, cgst: 0, sgst: 0, igst: 3205, total: 54705 })
  })
})
