import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/** The file-size rule (scripts/check-file-size.mjs) run on a planted tree: it fails, then passes once a record names the file. */
const script = path.resolve(import.meta.dirname, 'check-file-size.mjs')
const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i}`).join('\n') + '\n'

describe('no source file over 500 lines without a decision record naming it', () => {
  let root: string
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const check = () => {
    const run = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' })
    return { status: run.status, out: run.stdout + run.stderr }
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'file-size-'))
    expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0)
    write('server/small.ts', lines(500))
    write('docs/decisions/0001-first.md', '# 1. First\n\nStatus: accepted.\n')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('passes a tree whose files are at most 500 lines', () => {
    expect(check()).toEqual({ status: 0, out: '' })
  })

  it('fails on a planted file of 501 lines, naming it', () => {
    write('server/features/big.ts', lines(501))
    const { status, out } = check()
    expect(status).toBe(1)
    expect(out).toContain('server/features/big.ts: 501 lines, over 500')
  })

  it('passes once a decision record names the file under "Files allowed over 500 lines"', () => {
    write('server/features/big.ts', lines(501))
    write('docs/decisions/0002-big.md', '# 2. Big\n\nStatus: accepted.\n\n## Files allowed over 500 lines\n\n- `server/features/big.ts`: data, not logic.\n')
    expect(check()).toEqual({ status: 0, out: '' })
  })

  it('counts only a name in that section, and fails on a name in it whose file is not over', () => {
    write('server/features/big.ts', lines(501))
    write('docs/decisions/0002-big.md', '# 2. Big\n\n`server/features/big.ts` is long.\n\n## Files allowed over 500 lines\n\n- `server/small.ts`\n\n## Next\n')
    const { status, out } = check()
    expect(status).toBe(1)
    expect(out).toContain('server/features/big.ts: 501 lines, over 500')
    expect(out).toContain('server/small.ts: 500 lines, named in docs/decisions/0002-big.md')
  })
})
