import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { StartError } from '../platform/start-error'

/** PGlite does not lock its data directory; two processes writing one directory corrupt it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, '..', 'pglite.lock')
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch {
    const holder = Number(readFileSync(file, 'utf8'))
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new StartError(`The embedded database in ${dir} is in use by process ${holder}. Stop it first, or set DATA_DIR.`)
    }
    writeFileSync(file, String(process.pid))
  }
  return () => rmSync(file, { force: true })
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
