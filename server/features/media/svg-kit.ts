/** Small helpers for building SVG by hand: escaping, colours and text fitting (no font files needed). */

export const FONT = 'DejaVu Sans, sans-serif'

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string)
}

// Advance widths (per 1000 em) of DejaVu Sans Book / Bold for ASCII 32..126, read from the font files.
const BOOK = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838,
  531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390,
  838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337,
  636, 838,
]
const BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838,
  580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457,
  838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365,
  712, 838,
]

/** Width of `text` in px at `size` (letterSpacing in px per glyph). */
export function textWidth(text: string, size: number, bold = false, letterSpacing = 0): number {
  const table = bold ? BOLD : BOOK
  let w = 0
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0
    w += (c >= 32 && c < 127 ? table[c - 32] : 720) + (letterSpacing * 1000) / size
  }
  return (w * size) / 1000
}

function ellipsize(line: string, max: number, size: number, bold: boolean): string {
  let s = line
  while (s.length > 1 && textWidth(`${s}…`, size, bold) > max) s = s.slice(0, -1).trimEnd()
  return `${s}…`
}

/** Greedy word wrap into at most `maxLines` lines of width `max`; over-long words/lines get an ellipsis. */
export function wrap(text: string, max: number, size: number, bold: boolean, maxLines: number): { lines: string[]; fits: boolean } {
  const words = text.trim().split(/\s+/)
  const lines: string[] = []
  let fits = true
  for (const word of words) {
    const cur = lines[lines.length - 1]
    if (cur !== undefined && textWidth(`${cur} ${word}`, size, bold) <= max) lines[lines.length - 1] = `${cur} ${word}`
    else lines.push(word)
    if (textWidth(lines[lines.length - 1], size, bold) > max) fits = false
  }
  if (lines.length > maxLines) {
    fits = false
    lines.length = maxLines
    lines[maxLines - 1] = ellipsize(lines[maxLines - 1], max, size, bold)
  }
  return { lines: lines.map((l) => (textWidth(l, size, bold) > max ? ellipsize(l, max, size, bold) : l)), fits }
}

/** Largest font size (from `size` down to `min`) at which the text wraps into `maxLines` lines within `max` × `maxHeight`. */
export function fit(
  text: string,
  o: { max: number; size: number; min: number; bold?: boolean; maxLines: number; maxHeight?: number; lh?: number; balance?: boolean },
) {
  const bold = o.bold ?? true
  const lh = o.lh ?? 1.18
  for (let size = o.size; size >= o.min; size -= 1) {
    const r = wrap(text, o.max, size, bold, o.maxLines)
    if (r.fits && (!o.maxHeight || r.lines.length * size * lh <= o.maxHeight)) {
      if (!o.balance || r.lines.length < 2) return { ...r, size, lh }
      // narrowest width that keeps the same number of lines, so lines come out even
      let lo = 0
      let hi = o.max
      while (hi - lo > 2) {
        const mid = (lo + hi) / 2
        const m = wrap(text, mid, size, bold, o.maxLines)
        if (m.fits && m.lines.length === r.lines.length) hi = mid
        else lo = mid
      }
      return { ...wrap(text, hi, size, bold, o.maxLines), size, lh }
    }
  }
  return { ...wrap(text, o.max, o.min, bold, o.maxLines), size: o.min, lh }
}

/** SVG <text> with one <tspan> per line, vertically centred on `cy` (or starting at baseline `y0` when given). */
export function textBlock(
  lines: string[],
  o: {
    x: number
    cy: number
    size: number
    lh?: number
    fill: string
    bold?: boolean
    anchor?: 'start' | 'middle' | 'end'
    spacing?: number
    opacity?: number
  },
): string {
  const lh = (o.lh ?? 1.18) * o.size
  const first = o.cy - ((lines.length - 1) * lh) / 2 + o.size * 0.36
  const spans = lines.map((l, i) => `<tspan x="${o.x}" y="${(first + i * lh).toFixed(1)}">${esc(l)}</tspan>`).join('')
  return `<text font-family="${FONT}" font-size="${o.size}" font-weight="${o.bold === false ? 400 : 700}" fill="${o.fill}" text-anchor="${o.anchor ?? 'middle'}"${o.spacing ? ` letter-spacing="${o.spacing}"` : ''}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''}>${spans}</text>`
}

// ---- colours ---------------------------------------------------------------

export function rgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '').trim()
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('')
  const n = /^[0-9a-f]{6}$/i.test(h) ? parseInt(h, 16) : 0x888888
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

const toHex = (c: number[]) =>
  `#${c
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/** Mix `hex` with `other` by `t` (0 = hex, 1 = other). */
export function mix(hex: string, other: string, t: number): string {
  const a = rgb(hex)
  const b = rgb(other)
  return toHex(a.map((v, i) => v + (b[i] - v) * t))
}
export const tint = (hex: string, t: number) => mix(hex, '#ffffff', t)
export const shade = (hex: string, t: number) => mix(hex, '#000000', t)

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Colour normalised to a usable brand tone: very light colours are darkened so white text stays legible. */
export function brandTone(hex: string): string {
  let c = toHex(rgb(hex))
  for (let i = 0; i < 6 && luminance(c) > 0.3; i++) c = shade(c, 0.12)
  return c
}

export function initials(name: string, max = 2): string {
  const words = name
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  if (!words.length) return '?'
  if (words.length === 1) return words[0].slice(0, max).toUpperCase()
  return words
    .slice(0, max)
    .map((w) => w[0])
    .join('')
    .toUpperCase()
}
