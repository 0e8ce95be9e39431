// One 'N passed, N failed' line from vitest's JSON and node:test's junit reports (the journeys run two at a time, then those that run alone).
import { readFileSync } from 'node:fs'

const [unitFile, ...e2eFiles] = process.argv.slice(2)
let pass = 0
let fail = 0
let skip = 0
try {
  const v = JSON.parse(readFileSync(unitFile, 'utf8'))
  pass += v.numPassedTests
  fail += v.numFailedTests + (v.success || v.numFailedTests ? 0 : 1)
  skip += v.numPendingTests + v.numTodoTests
} catch (e) {
  fail++
  console.log('no vitest results:', e.message)
}
for (const e2eFile of e2eFiles)
  try {
    const x = readFileSync(e2eFile, 'utf8')
    const n = (k) => Number((x.match(new RegExp(`<!-- ${k} (\\d+) -->`)) ?? [0, NaN])[1])
    if (Number.isNaN(n('pass'))) throw new Error('no totals in the junit report')
    pass += n('pass')
    fail += n('fail') + n('cancelled')
    skip += n('skipped') + n('todo')
  } catch (e) {
    fail++
    console.log(`no e2e results in ${e2eFile}:`, e.message)
  }
console.log(`${pass} passed, ${fail} failed${skip ? `, ${skip} skipped` : ''}`)
if (fail) process.exitCode = 1
