/**
 * Code 128 barcodes for shelf labels: every scanner at the counter reads them (the wedge scanner and the camera,
 * client/features/pos). Digits of even length go in code set C (two per symbol, so an EAN or a long number stays
 * narrow), anything else in code set B (printable ASCII).
 */

/** bar, space, bar, space, bar, space widths in modules of symbols 0..105; the stop symbol is 106 */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
]
const START_B = 104
const START_C = 105
const STOP = 106

/** Whether `text` can be printed as Code 128 here: 1 to 40 printable ASCII characters. */
export const canEncode = (text: string) => /^[\x20-\x7e]{1,40}$/.test(text)

/** The symbols of `text`, start and check symbol included, stop excluded. */
export function symbols(text: string): number[] {
  if (!canEncode(text)) throw new Error(`Code 128 cannot print “${text}”`)
  const setC = /^\d+$/.test(text) && text.length % 2 === 0 && text.length >= 4
  const values = setC ? (text.match(/\d\d/g) ?? []).map(Number) : [...text].map((c) => c.charCodeAt(0) - 32)
  const start = setC ? START_C : START_B
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), start) % 103
  return [start, ...values, check]
}

/** The widths, in modules, of the bars and spaces (a bar first), quiet zones not included. */
export function modules(text: string): number[] {
  return [...symbols(text), STOP].flatMap((s) => [...PATTERNS[s]].map(Number))
}

/** The bars as rectangles [x, width] in modules, for an SVG; `width`: the whole code's modules. */
export function bars(text: string): { rects: [number, number][]; width: number } {
  const rects: [number, number][] = []
  let x = 0
  modules(text).forEach((w, i) => {
    if (i % 2 === 0) rects.push([x, w])
    x += w
  })
  return { rects, width: x }
}
