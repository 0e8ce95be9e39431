import { describe, expect, it } from 'vitest'
import { looksLikeCode } from './catalogue'

describe('looksLikeCode', () => {
  it('takes barcodes and SKUs typed by hand, not product words', () => {
    for (const code of ['8901725181239', 'AASH-ATTA-10', 'sku_42', '0123']) expect(looksLikeCode(code), code).toBe(true)
    for (const word of ['atta', 'basmati rice', 'Maggi', '12', '', '-', 'ab-']) expect(looksLikeCode(word), word).toBe(false)
  })
})
