// The build's name, which monitoring events carry (the browser's and the server's) and source maps are uploaded under
// (docs/operations.md "Errors"): STOREFRONT_RELEASE when the build is given one (the Dockerfile's build argument),
// else the package's version and the commit built. vite.config.ts and scripts/build-server.mjs compile it in.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

export function releaseName() {
  if (process.env.STOREFRONT_RELEASE) return process.env.STOREFRONT_RELEASE
  const root = path.resolve(import.meta.dirname, '..')
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    return `storefront@${version}+${commit}`
  } catch {
    return `storefront@${version}`
  }
}
