import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvFile, csvRecord, decimal, neutralise, restore, runsAsFormula } from './csv'

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
/** Every line of a cell, split the way a careless reader (or a paste into a spreadsheet) splits it. */
const linesOf = (cell: string) => cell.split(/\r\n|\r|\n/)
const read = (file: string) => parse(file, { bom: true }) as string[][]
/** Text made mostly of the characters that matter here. */
const tricky = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', ';', 'a', '1', '.', ' ', '＝', '＋', '－', '＠') })

describe('the CSV writer', () => {
  it('quotes a cell with a line break, so the row stays one row, and neutralises the formula on its second line', () => {
    const file = csvFile([
      ['Product', 'Units'],
      ["x\n=cmd|' /C calc'!A0", 3],
      ['y\r\n+SUM(A1)', 1],
      ['z\r@A1', 2],
    ])
    expect(file).toBe(`${CSV_BOM}Product,Units\r\n"x\n'=cmd|' /C calc'!A0",3\r\n"y\r\n'+SUM(A1)",1\r\n"z\r'@A1",2\r\n`)
    expect(read(file)).toEqual([
      ['Product', 'Units'],
      ["x\n'=cmd|' /C calc'!A0", '3'],
      ["y\r\n'+SUM(A1)", '1'],
      ["z\r'@A1", '2'],
    ])
  })

  it('neutralises = + - @ tab CR and their full-width forms at the start of a text cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const cell = `${start}1+1`
      expect(neutralise(cell), JSON.stringify(start)).toBe(`'${cell}`)
      expect(runsAsFormula(cell)).toBe(true)
    }
    expect(csvRecord(['=1+1', '-1 kg', '@risky', '\t=x'])).toBe(`'=1+1,'-1 kg,'@risky,"'\t=x"\r\n`)
    expect(neutralise('Atta 5 kg')).toBe('Atta 5 kg')
    expect(neutralise("'plain")).toBe("'plain")
  })

  it('adds one more apostrophe where there are apostrophes already, so restore gives back exactly the text', () => {
    expect(neutralise("'=x")).toBe("''=x")
    expect(neutralise("a\n''@x")).toBe("a\n'''@x")
    expect(restore("''=x")).toBe("'=x")
    expect(restore("'plain")).toBe("'plain")
  })

  it('writes numbers the product computed as numbers: a negative amount stays numeric, text that looks like one does not', () => {
    expect(csvRecord([-12.5, decimal(-12.5, 2), decimal(0.1 + 0.2, 2), 0, decimal(Number.NaN, 2), Number.POSITIVE_INFINITY, null, undefined])).toBe(
      '-12.5,-12.50,0.30,0,,,,\r\n',
    )
    // A name that a person typed is text, whatever it looks like.
    expect(csvRecord(['-12.50'])).toBe(`'-12.50\r\n`)
  })

  it('quotes quotes, commas, semicolons and tabs; writes the BOM once and CRLF after each record', () => {
    expect(csvRecord(['say "hi"', 'a,b', 'a;b', 'a\tb', 'plain'])).toBe('"say ""hi""","a,b","a;b","a\tb",plain\r\n')
    expect(csvFile([])).toBe(CSV_BOM)
    expect(csvFile([['a'], ['b']])).toBe(`${CSV_BOM}a\r\nb\r\n`)
  })

  it('for any text: every line of every cell read back is safe, the row count is right, and restore undoes neutralise', () => {
    fc.assert(
      fc.property(fc.array(fc.array(tricky, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const width = Math.max(...rows.map((r) => r.length))
        const table = rows.map((r) => [...r, ...Array<string>(width - r.length).fill('')])
        const back = read(csvFile(table))
        expect(back).toHaveLength(table.length)
        back.forEach((r, i) => {
          expect(r).toHaveLength(width)
          r.forEach((cell, j) => {
            for (const line of linesOf(cell)) expect(FORMULA_START.test(line), JSON.stringify(cell)).toBe(false)
            expect(restore(cell)).toBe(table[i][j])
          })
        })
      }),
      { numRuns: 500 },
    )
  })
})
