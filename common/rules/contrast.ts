/**
 * WCAG 2.x contrast of two colours (#rgb, #rrggbb, #rrggbbaa or rgb()/rgba(); alpha is ignored). AA asks 4.5:1 for
 * body text and 3:1 for large text. null when a colour cannot be read.
 */
export function parseColour(value: string): [number, number, number] | null {
  const v = value.trim()
  const hex = /^#([0-9a-f]{3,8})$/i.exec(v)
  if (hex) {
    const h = hex[1]
    if (h.length === 3 || h.length === 4) return [0, 1, 2].map((i) => Number.parseInt(h[i] + h[i], 16)) as [number, number, number]
    if (h.length === 6 || h.length === 8) return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number]
    return null
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(v)
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n))) as [number, number, number]
  return null
}

const channel = (c: number) => {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
const luminance = ([r, g, b]: [number, number, number]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

export function contrastRatio(a: string, b: string): number | null {
  const x = parseColour(a)
  const y = parseColour(b)
  if (!x || !y) return null
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p)
  return (hi + 0.05) / (lo + 0.05)
}

export const AA_TEXT = 4.5

/** The pairs of a theme the storefront puts text on: text colour, background colour, what it is. */
export const TEXT_PAIRS: [string, string, string][] = [
  ['text', 'background', 'Text on the page background'],
  ['text', 'surface', 'Text on cards and bars'],
  ['muted', 'surface', 'Muted text on cards'],
  ['on-primary', 'primary', 'Button text on the primary colour'],
]

export interface ContrastCheck {
  label: string
  foreground: string
  background: string
  ratio: number | null
  passes: boolean
}

export function checkTheme(colours: Record<string, string>): ContrastCheck[] {
  return TEXT_PAIRS.filter(([fg, bg]) => colours[fg] && colours[bg]).map(([fg, bg, label]) => {
    const ratio = contrastRatio(colours[fg], colours[bg])
    return { label, foreground: fg, background: bg, ratio, passes: ratio !== null && ratio >= AA_TEXT }
  })
}
