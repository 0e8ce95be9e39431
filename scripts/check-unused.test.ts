import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The unused-code rule (knip with the house's knip.config.ts, run by `npm run lint`) on a planted project: a script
 * that uses one export of a module, the module's other export, a file nobody imports, and a dependency nobody uses.
 */
const repo = path.resolve(import.meta.dirname, '..')
const knip = path.join(repo, 'node_modules/knip/bin/knip.js')

describe('knip fails on unused exports, files and dependencies', () => {
  let root: string
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const run = () => {
    const knipRun = spawnSync(process.execPath, [knip, '--no-progress', '--no-config-hints'], { cwd: root, encoding: 'utf8' })
    return { status: knipRun.status, out: knipRun.stdout + knipRun.stderr }
  }

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'knip-planted-'))
    write('package.json', JSON.stringify({ name: 'planted', private: true, type: 'module', dependencies: { 'left-pad': '1.3.0' } }))
    write('knip.config.ts', `export { default } from ${JSON.stringify(path.join(repo, 'knip.config.ts'))}\n`)
    write('scripts/run.ts', "import { used } from '../server/kit'\n\nconsole.log(used())\n")
    write('server/lonely.ts', 'export const lonely = 1\n')
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('reports the planted export, file and dependency, and fails', () => {
    write('server/kit.ts', 'const inner = 2\nexport const inFile = () => inner\nexport const used = () => inFile()\nexport const planted = 3\n')
    const { status, out } = run()
    expect(status, out).toBe(1)
    expect(out).toMatch(/Unused exports \(1\)\s+planted\s+server\/kit\.ts/)
    expect(out).toMatch(/Unused files \(1\)\s+server\/lonely\.ts/)
    expect(out).toMatch(/Unused dependencies \(1\)\s+left-pad/)
    expect(out).not.toContain('inFile') // used in its own file: not dead (ignoreExportsUsedInFile)
  })

  it('passes once they are gone', () => {
    write('server/kit.ts', 'const inner = 2\nexport const inFile = () => inner\nexport const used = () => inFile()\n')
    rmSync(path.join(root, 'server/lonely.ts'))
    write('package.json', JSON.stringify({ name: 'planted', private: true, type: 'module' }))
    const { status, out } = run()
    expect(out).toBe('')
    expect(status).toBe(0)
  })
})
