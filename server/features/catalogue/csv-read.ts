import { parse } from 'csv-parse/sync'
import { IMPORT_MAX_ROWS } from '../../../common/contracts/admin-catalogue-csv'
import { fail, ok, type Result } from '../../platform/result'

/** A row of the file: its cells as text, where it starts in the file (line) and in a spreadsheet (row). */
export interface CsvRow {
  line: number
  row: number
  cells: string[]
}

export interface CsvFile {
  header: string[]
  rows: CsvRow[]
}

const fileProblem = (message: string) => fail('invalid', message, { file: message })

/**
 * The upload's bytes as rows. A file that is not UTF-8, is not CSV, or has more than IMPORT_MAX_ROWS rows answers
 * 422 with a message staff can act on (which format to save in, how many rows).
 */
export function readCsv(bytes: Buffer): Result<CsvFile> {
  if (bytes.length === 0) return fileProblem('The file is empty')
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    return fileProblem('This is a spreadsheet workbook (.xlsx), not a CSV file: save it as “CSV UTF-8 (comma delimited)”')
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fileProblem('The file is in UTF-16, not UTF-8: save it as “CSV UTF-8 (comma delimited)”')
  }
  let content: string
  try {
    content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    const at = firstBadByte(bytes)
    return fileProblem(`The file is not UTF-8 text (line ${at.line} has bytes that are not): save it as “CSV UTF-8 (comma delimited)”`)
  }
  if (content.includes('\u0000')) return fileProblem('The file has NUL characters: it is not a CSV text file')
  const firstLine = content.slice(0, content.search(/\r?\n|$/))
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ','
  let records: { record: string[]; info: { lines: number; empty_lines: number } }[]
  try {
    records = parse(content, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as typeof records
  } catch (err) {
    const e = err as { message: string; lines?: number }
    return fileProblem(
      `The file is not valid CSV${e.lines ? ` (line ${e.lines})` : ''}: ${e.message.replace(/^Invalid Record Length: |^Quote Not Closed: /, '').replace(/\s*at line \d+$/, '')}`,
    )
  }
  if (records.length === 0) return fileProblem('The file is empty')
  if (records.length - 1 > IMPORT_MAX_ROWS) {
    return fileProblem(
      `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows: split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows`,
    )
  }
  const rows: CsvRow[] = []
  let end = records[0].info.lines
  let empty = records[0].info.empty_lines
  for (const [i, r] of records.entries()) {
    if (i === 0) continue
    rows.push({ line: end + 1 + (r.info.empty_lines - empty), row: i + 1, cells: r.record })
    end = r.info.lines
    empty = r.info.empty_lines
  }
  // A row of only empty cells (a spreadsheet's trailing ",,,,") is no row.
  return ok({ header: records[0].record, rows: rows.filter((r) => r.cells.some((c) => c.trim() !== '')) })
}

function firstBadByte(bytes: Buffer) {
  let line = 1
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]
    if (b === 0x0a) line++
    const size = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0
    if (size === 0) return { line }
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + size))
    } catch {
      return { line }
    }
    i += size
  }
  return { line }
}
