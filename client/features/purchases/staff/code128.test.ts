import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { bars, canEncode, modules, symbols } from './code128'

/** The code drawn as pixels (2 px a module, 10 modules of quiet zone each side), read back by the zxing reader the counter's camera uses. */
async function readBack(text: string) {
  const { rects, width } = bars(text)
  const scale = 2
  const w = (width + 20) * scale
  const h = 40
  const data = new Uint8ClampedArray(w * h * 4).fill(255)
  for (const [x, bw] of rects)
    for (let px = (x + 10) * scale; px < (x + 10 + bw) * scale; px++) for (let y = 0; y < h; y++) data.fill(0, (y * w + px) * 4, (y * w + px) * 4 + 3)
  const [found] = await readBarcodes({ data, width: w, height: h, colorSpace: 'srgb' } as ImageData, { formats: ['Code128'], tryHarder: true })
  return found?.text
}

describe('Code 128 for shelf labels', () => {
  beforeAll(async () => {
    // the reader's wasm from the package itself (the browser fetches it from our assets)
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
    await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true })
  })

  it('every symbol is 11 modules wide (the stop 13), and a code ends on a bar', () => {
    expect(modules('A').length % 2).toBe(1)
    expect(modules('A').reduce((a, b) => a + b, 0)).toBe(11 * 3 + 13)
  })

  it('the check symbol is the weighted sum mod 103 (set B for text, set C for an even run of digits)', () => {
    // "PJJ123C": P J J 1 2 3 C are 48 42 42 17 18 19 35; 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 ≡ 55
    expect(symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55])
    expect(symbols('12345678')).toEqual([105, 12, 34, 56, 78, (105 + 12 + 34 * 2 + 56 * 3 + 78 * 4) % 103])
    expect(symbols('123')[0]).toBe(104)
  })

  it('reads back as it was written: an EAN-13, a SKU with letters and a dash, a pack number', async () => {
    for (const text of ['8901234567897', 'ATTA-5KG-01', 'P42', '00123456']) expect(await readBack(text)).toBe(text)
  })

  it('refuses what it cannot print', () => {
    expect(canEncode('घी')).toBe(false)
    expect(canEncode('')).toBe(false)
    expect(() => symbols('घी')).toThrow()
  })
})
