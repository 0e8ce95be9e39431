import { decimal } from '../../../common/csv'

/**
 * The import's cells. The export's formula rule (an apostrophe before each line that would run) is the one CSV
 * writer's (common/csv.ts); the import takes it off again with its `restore` and refuses a cell that would run.
 */
export { restore, runsAsFormula } from '../../../common/csv'

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

/** Paise as the file writes rupees: a number with two decimals. */
export const formatRupees = (paise: number) => decimal(paise / 100, 2)
