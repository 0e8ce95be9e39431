/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab or carriage return, which some strip first) as a
 * formula. The export puts an apostrophe before such a cell; the import takes it off again and refuses a cell
 * that would run. Cells that already start with apostrophes before such a character get one more, so taking one
 * off gives back exactly what was exported.
 */
const RUNS = /^[=+\-@\t\r]/
const NEUTRALISED = /^'+[=+\-@\t\r]/
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/

export const neutralise = (cell: string) => (NEEDS_QUOTE.test(cell) ? `'${cell}` : cell)

export const restore = (cell: string) => (NEUTRALISED.test(cell) ? cell.slice(1) : cell)

/** The cell would run as a formula in a spreadsheet app. */
export const runsAsFormula = (cell: string) => RUNS.test(cell)

/** Rupees as staff type them: "1,249.50", "₹ 99", "Rs. 10". Null when it is not a number. */
export function parseRupees(cell: string): number | null {
  const s = cell.replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/[,\s]/g, '')
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null
  return Number(s)
}

/** A whole number ("1,000" too). Null when it is not one. */
export function parseWhole(cell: string): number | null {
  const s = cell.replace(/[,\s]/g, '')
  if (!/^[+-]?\d+$/.test(s)) return null
  return Number(s)
}

export const formatRupees = (paise: number) => (paise / 100).toFixed(2)
