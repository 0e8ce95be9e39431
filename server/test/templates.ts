import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'

/**
 * Waits until tests/global-setup.ts has the seeded templates: at once from its cache, else once the build this asks
 * for ends. Called as a test file is loaded, not in a hook: a build on a loaded machine takes longer than a hook may.
 */
export async function templatesReady() {
  const status = inject('templatesStatus')
  if (!existsSync(path.join(status, 'ready'))) writeFileSync(path.join(status, 'wanted'), '')
  const deadline = Date.now() + 15 * 60_000
  while (!existsSync(path.join(status, 'ready'))) {
    const failed = path.join(status, 'failed')
    if (existsSync(failed)) throw new Error(`the seeded test templates could not be built: ${readFileSync(failed, 'utf8')}`)
    if (Date.now() > deadline) throw new Error('the seeded test templates were not built within 15 minutes')
    await new Promise((r) => setTimeout(r, 100))
  }
}
