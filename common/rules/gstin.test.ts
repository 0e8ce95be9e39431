import { describe, expect, it } from 'vitest'
import { GST_STATE_CODES, gstinCheckChar, gstinProblem, gstinState } from './gstin'
import { INDIAN_STATES } from './address'

describe('GSTIN', () => {
  it('accepts real-format GSTINs whose check character is right', () => {
    // widely published examples of the format, and the two demo shops' (made up, check character computed)
    for (const g of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '29AAKCK4821M1Z0', '29AAJCC7315Q1ZY']) {
      expect(gstinCheckChar(g.slice(0, 14)), g).toBe(g[14])
      expect(gstinProblem(g), g).toBeNull()
    }
  })

  it('refuses a GSTIN with one character changed or two swapped (the check character catches it)', () => {
    const good = '29AAGCB7383J1Z4'
    expect(gstinProblem('29AAGCB7383J1Z5')).toMatch(/check character/)
    expect(gstinProblem('29AAGCB3783J1Z4')).toMatch(/check character/)
    expect(gstinProblem('29AAGBC7383J1Z4')).toMatch(/check character/)
    for (let i = 2; i < 14; i++) {
      const c = good[i] === 'A' ? 'B' : /[0-9]/.test(good[i]) ? String((Number(good[i]) + 1) % 10) : 'A'
      const changed = good.slice(0, i) + c + good.slice(i + 1)
      if (changed.length === 15 && /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(changed)) expect(gstinProblem(changed), changed).not.toBeNull()
    }
  })

  it('says what is wrong: length, format, state code, state', () => {
    expect(gstinProblem('29AAGCB7383J1Z')).toBe('A GSTIN has 15 characters')
    expect(gstinProblem('29AAGC17383J1Z4')).toMatch(/looks like/)
    expect(gstinProblem('29AAGCB7383J1X4')).toMatch(/looks like/)
    const code99 = `99AAGCB7383J1Z`
    expect(gstinProblem(code99 + gstinCheckChar(code99))).toMatch(/not a GST state code/)
    expect(gstinProblem('29AAGCB7383J1Z4', 'Karnataka')).toBeNull()
    expect(gstinProblem('29AAGCB7383J1Z4', 'Kerala')).toBe('This GSTIN is registered in Karnataka (state code 29), not Kerala')
  })

  it('has a state code for every state and union territory, each once', () => {
    for (const s of INDIAN_STATES) expect(GST_STATE_CODES[s], s).toMatch(/^\d{2}$/)
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(INDIAN_STATES.length)
    expect(gstinState('27AAPFU0939F1ZV')).toBe('Maharashtra')
  })
})
