import { describe, expect, it } from 'vitest'
import { checkTheme, contrastRatio, parseColour } from './contrast'

describe('WCAG contrast', () => {
  it('reads hex and rgb colours', () => {
    expect(parseColour('#fff')).toEqual([255, 255, 255])
    expect(parseColour('#0c7a2a')).toEqual([12, 122, 42])
    expect(parseColour('#0c7a2aff')).toEqual([12, 122, 42])
    expect(parseColour('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3])
    expect(parseColour('red')).toBeNull()
  })
  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5)
    expect(contrastRatio('#767676', '#ffffff')!).toBeGreaterThan(4.5)
    expect(contrastRatio('#777777', '#ffffff')!).toBeLessThan(4.5)
  })
  it('flags the pairs of a theme below AA', () => {
    const checks = checkTheme({ text: '#1b1f23', background: '#f6f7f8', surface: '#ffffff', primary: '#f8c400', 'on-primary': '#ffffff' })
    expect(checks.find((c) => c.foreground === 'text' && c.background === 'background')?.passes).toBe(true)
    expect(checks.find((c) => c.foreground === 'on-primary')?.passes).toBe(false)
  })
})
