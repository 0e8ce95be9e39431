/**
 * The one CSV writer: every CSV file the product makes (the catalogue export, each report, the GST report, an agent's
 * orders) is written with these functions (docs/decisions/0017-catalogue-csv.md, "Formula injection").
 *
 * - A text cell that a spreadsheet app would run as a formula gets an apostrophe: one that starts with = + - @, a
 *   tab or a CR, or the full-width ＝ ＋ － ＠ (some locales' spreadsheets take those too). Not only at the cell's
 *   start but at the start of each line within it, so a reader that splits the cell's lines (or a paste of the cell)
 *   runs nothing either. A line that already starts with apostrophes before such a character gets one more, so
 *   `restore` gives back exactly what was written.
 * - A cell with a quote, a comma, a semicolon, a tab or a line break is quoted, so a line break never ends the row
 *   and a spreadsheet that splits on semicolons or tabs keeps the cell whole.
 * - Numbers the product computed (a `number`, or `decimal(…)` for a fixed count of places) are written as they are:
 *   `-12.50` stays a number. Only text is neutralised.
 * - UTF-8 with a BOM (spreadsheet apps then show ₹ and Hindi), records ending in CRLF.
 */

const FORMULA = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]'
/** the start of the cell or of a line within it */
const LINE_START = '(?<=^|[\\r\\n])'
const WOULD_RUN = new RegExp(`${LINE_START}(?='*${FORMULA})`, 'g')
const NEUTRALISED = new RegExp(`${LINE_START}'(?='*${FORMULA})`, 'g')
const STARTS_FORMULA = new RegExp(`^${FORMULA}`)
const NEEDS_QUOTES = /[",;\t\r\n]/

export const CSV_BOM = '\uFEFF'

/** A number the product computed, written with a fixed count of decimal places (rupees: `decimal(x, 2)`). */
export class CsvDecimal {
  constructor(readonly text: string) {}
}
export const decimal = (n: number, places: number) => new CsvDecimal(Number.isFinite(n) ? n.toFixed(places) : '')

/** A cell: text (neutralised), a number the product computed (as it is), or nothing. */
export type CsvCell = string | number | CsvDecimal | null | undefined

/** Text with an apostrophe before each line that would run as a formula. */
export const neutralise = (text: string) => text.replace(WOULD_RUN, "'")

/** What `neutralise` was given: one apostrophe taken off each line that it neutralised. */
export const restore = (text: string) => text.replace(NEUTRALISED, '')

/** The cell starts with a character that makes a spreadsheet app run it as a formula. */
export const runsAsFormula = (text: string) => STARTS_FORMULA.test(text)

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  if (cell instanceof CsvDecimal) return /^-?\d+(\.\d+)?$/.test(cell.text) ? cell.text : field(cell.text)
  const text = neutralise(cell)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record: its cells separated by commas, ending in CRLF. */
export const csvRecord = (cells: readonly CsvCell[]) => `${cells.map(field).join(',')}\r\n`

/** A whole file: the BOM, then each record. */
export const csvFile = (rows: Iterable<readonly CsvCell[]>) => {
  let out = CSV_BOM
  for (const r of rows) out += csvRecord(r)
  return out
}
