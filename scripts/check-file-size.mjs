// No source file over 500 lines unless a decision record names it (docs/decisions/0013-house-rules.md). Exits 1 when
// a file is over without a record, or a record names a file that is not over (gone or split: take its line out).
// A record names a file by its path in backticks, in a section headed "Files allowed over 500 lines".
// Checked from the current folder, so scripts/check-file-size.test.ts can run it on a planted tree.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const LIMIT = 500
const ROOTS = ['server', 'client', 'common', 'tests', 'bench', 'scripts']
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/
const SECTION = /^(#+)\s+Files allowed over 500 lines\s*$/i
const DECISIONS = 'docs/decisions'

/** Tracked files and new ones not ignored, so a file counts before its first commit. */
function sourceFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...ROOTS], { encoding: 'utf8' })
  return [...new Set(out.split('\0'))].filter((f) => SOURCE.test(f) && existsSync(f))
}

function lineCount(file) {
  const text = readFileSync(file, 'utf8')
  if (!text) return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** Each path named in a "Files allowed over 500 lines" section, with the records that name it. */
function allowedFiles() {
  const named = new Map()
  if (!existsSync(DECISIONS)) return named
  for (const name of readdirSync(DECISIONS).filter((f) => f.endsWith('.md'))) {
    const record = path.join(DECISIONS, name)
    let level = 0 // inside the section: the level of its heading
    for (const line of readFileSync(record, 'utf8').split('\n')) {
      const heading = /^(#+)\s/.exec(line)
      if (heading && level && heading[1].length <= level) level = 0
      const section = SECTION.exec(line)
      if (section) level = section[1].length
      else if (level) for (const [, file] of line.matchAll(/`([^`\s]+\.(?:ts|tsx|mjs|cjs|js))`/g)) named.set(file, [...(named.get(file) ?? []), record])
    }
  }
  return named
}

const named = allowedFiles()
const problems = []
for (const file of sourceFiles()) {
  const lines = lineCount(file)
  if (lines > LIMIT && !named.has(file))
    problems.push(`${file}: ${lines} lines, over ${LIMIT}. Split it by idea, or name it in a decision record (docs/decisions/0013-house-rules.md)`)
  if (lines <= LIMIT && named.has(file))
    problems.push(`${file}: ${lines} lines, named in ${named.get(file).join(', ')} as over ${LIMIT}: take it off that list`)
  named.delete(file)
}
for (const [file, records] of named)
  problems.push(`${file}: named in ${records.join(', ')} as over ${LIMIT}, but there is no such source file: take it off that list`)

for (const p of problems) console.log(p)
process.exitCode = problems.length ? 1 : 0
