import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export interface TestServer {
  origin: string
  port: number
  child: ChildProcess
  stop(): Promise<void>
}

export interface StartOptions {
  /**
   * run the compiled server (dist/app/main.js) as production does (default; rebuilt here when server/ or common/
   * is newer), or the TypeScript through tsx (false, or E2E_SERVER=tsx). Compiled, a server answers in 2.5 s
   * instead of 6.8 s on a loaded machine, and uses 150 MB instead of 220 MB (bench/README.md "Figures").
   */
  compiled?: boolean
  /** what to wait for: the demo website answering (default), or only /livez (a process that is still migrating) */
  until?: 'site' | 'live'
}

const ROOT = path.resolve(import.meta.dirname, '../..')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })
}

/** The real server (built web client, in-memory PGlite from the seeded template) on a free port. */
const newest = (dir: string): number => {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return latest
}

let compiledChecked = false
/** dist/app/main.js as fresh as the sources (checked once per test file; a build takes about a second) */
function ensureCompiled() {
  if (compiledChecked) return
  const bundle = path.join(ROOT, 'dist/app/main.js')
  const sources = Math.max(newest(path.join(ROOT, 'server')), newest(path.join(ROOT, 'common')))
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'ignore' })
  compiledChecked = true
}

export async function startServer(
  env: Record<string, string> = {},
  { compiled = process.env.E2E_SERVER !== 'tsx', until = 'site' }: StartOptions = {},
): Promise<TestServer> {
  if (compiled) ensureCompiled()
  const port = await freePort()
  const args = compiled ? ['dist/app/main.js'] : ['--import', 'tsx', 'server/main.ts']
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `http://localhost:${port}`
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(until === 'live' ? `${origin}/livez` : `${origin}/s/api/init`, { headers: { 'x-web-url': origin } })
      if (res.ok) break
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    origin,
    port,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
