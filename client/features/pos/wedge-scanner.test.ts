import { describe, expect, it } from 'vitest'
import { WedgeDetector } from './wedge-scanner'

/** Types `text` then Enter, a key every `gap` ms from `start`; the code the detector reports, if any. */
function type(d: WedgeDetector, text: string, gap: number, start = 1000) {
  let t = start
  let out: string | null = null
  for (const ch of text) {
    d.key(ch, t)
    t += gap
  }
  out = d.key('Enter', t)
  return out
}

describe('the keyboard-wedge scanner', () => {
  it('takes fast keys ending in Enter as a scan', () => {
    expect(type(new WedgeDetector(), '8901234567890', 8)).toBe('8901234567890')
    expect(type(new WedgeDetector(), 'SKU-ATTA-5', 20)).toBe('SKU-ATTA-5')
  })

  it('leaves a person typing alone, and short bursts', () => {
    expect(type(new WedgeDetector(), 'atta flour', 110)).toBeNull()
    expect(type(new WedgeDetector(), 'abc', 5)).toBeNull()
  })

  it('starts over after a pause, so a word typed before a scan is not part of the code', () => {
    const d = new WedgeDetector()
    for (const [i, ch] of [...'rice'].entries()) d.key(ch, i * 150)
    expect(type(d, '8901234567890', 10, 5000)).toBe('8901234567890')
  })

  it('is not fooled by a slow Enter after a fast burst', () => {
    const d = new WedgeDetector()
    for (const [i, ch] of [...'12345678'].entries()) d.key(ch, i * 10)
    expect(d.key('Enter', 2000)).toBeNull()
  })
})
