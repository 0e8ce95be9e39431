import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

export interface TestServer {
  origin: string
  port: number
  stop(): Promise<void>
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
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${origin}/s/api/init`, { headers: { 'x-web-url': origin } })
      if (res.ok) break
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    origin,
    port,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
