import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PRODUCTION } from './app'
import { freePort, type MainProcess, startMain, until } from './process'

/**
 * Issue 27: production as an operator starts it (server/main.ts in its own process, NODE_ENV=production). An empty
 * database gets no demo stores, only a line saying how to make the first website; what stops a start (a setting, the
 * port, the database) is one fatal JSON line naming it and exit code 1, never a stack trace. Runs the built web
 * client (`npm run build`, which npm test does first).
 */
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function productionEnv(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'))
  dirs.push(dataDir)
  return {
    ...PRODUCTION,
    DATABASE_URL: 'pglite',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    SHUTDOWN_DELAY_MS: '0',
    ORDER_JOBS_INTERVAL_MS: '0',
    SCHEDULED_JOBS_CHECK_MS: '0',
    ...env,
  }
}

type Line = { level?: number; msg?: string }
const parsed = (main: MainProcess) => main.lines().map((l): Line | string => (l.startsWith('{') ? (JSON.parse(l) as Line) : l))

describe('a production start', () => {
  it('on an empty database seeds no demo store, and says in one line how to make the first website', { timeout: 180_000 }, async () => {
    const env = await productionEnv()
    const main = startMain(env)
    try {
      expect(await main.listening, main.output()).toBe(true)
      const origin = `http://localhost:${env.PORT}`
      const ask = (url: string) => fetch(`http://127.0.0.1:${env.PORT}${url}`, { headers: { 'x-web-url': origin } })
      await until('ready: migrated', async () => (await ask('/readyz')).status === 200, 150_000)
      const init = await ask('/s/api/init')
      expect([init.status, (await init.json()).message]).toEqual([404, `No website is configured for ${origin}`])
      const lines = parsed(main)
      expect(lines.filter((l) => typeof l === 'string')).toEqual([])
      const hints = (lines as Line[]).filter((l) => l.msg?.includes('setup'))
      expect(hints).toEqual([expect.objectContaining({ level: 40, msg: expect.stringMatching(/^no website yet: .*node dist\/app\/setup\.js --name/) })])
      expect(main.output()).not.toMatch(/demo/)
    } finally {
      expect(await main.stop()).toBe(0)
    }
  })

  const refused: [string, Record<string, string>, RegExp][] = [
    ['the demo session secret', { SESSION_SECRET: '' }, /Refusing to start in production: SESSION_SECRET is the demo secret/],
    [
      'no provider for sign-in codes',
      { OTP_SMS_PROVIDER: '', OTP_EMAIL_PROVIDER: '' },
      /OTP_SMS_PROVIDER=console delivers no code in production: .*; OTP_EMAIL_PROVIDER=console delivers no code/,
    ],
    ['a mistyped DATABASE_URL', { DATABASE_URL: 'garbage' }, /Invalid environment: DATABASE_URL: must be postgres:\/\/… or postgresql:\/\/…, pglite/],
    ['no DATABASE_URL', { DATABASE_URL: '' }, /Refusing to start in production: DATABASE_URL is required: postgres:\/\/… \(or pglite/],
  ]
  it.each(refused)('refuses %s: one fatal line naming it, exit 1, no stack', { timeout: 60_000 }, async (_what, env, problem) => {
    await expectOneFatalLine(startMain(await productionEnv(env)), problem)
  })

  it('stops at once on a database that does not answer, without its password in the line', { timeout: 60_000 }, async () => {
    const env = await productionEnv({ DATABASE_URL: `postgres://storefront:s3cret-pw@127.0.0.1:${await freePort()}/shop` })
    const main = startMain(env)
    await expectOneFatalLine(main, /cannot start: the database at 127\.0\.0\.1:\d+\/shop does not answer: connect ECONNREFUSED/)
    expect(main.output()).not.toContain('s3cret-pw')
  })

  it('stops on a port in use (EADDRINUSE)', { timeout: 60_000 }, async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    try {
      const env = await productionEnv({ PORT: String((taken.address() as net.AddressInfo).port) })
      await expectOneFatalLine(startMain(env), new RegExp(`cannot start: 127\\.0\\.0\\.1:${env.PORT} is in use \\(EADDRINUSE\\)`))
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})

/** The process exits 1 without starting; its one level-60 line names the problem; every line is JSON, none a stack frame. */
async function expectOneFatalLine(main: MainProcess, problem: RegExp) {
  const started = await main.listening
  if (started) await main.stop('SIGKILL')
  const code = await main.exited
  const output = main.output()
  expect({ started, code }, output).toEqual({ started: false, code: 1 })
  expect(output).not.toMatch(/^\s+at /m)
  expect(output).not.toContain('"stack"')
  const lines = parsed(main)
  expect(lines.filter((l) => typeof l === 'string')).toEqual([])
  const fatal = (lines as Line[]).filter((l) => l.level === 60)
  expect(fatal).toHaveLength(1)
  expect(fatal[0].msg).toMatch(problem)
}
