import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import pg from 'pg'
import { makePostgresTemplate, withDatabase } from '../../server/db/template'
import { until } from '../../server/test/wait'
import { startServer, type TestServer } from './server'

const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const dbName = `compiled_${randomBytes(4).toString('hex')}`
const dbUrl = withDatabase(adminUrl, dbName)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function admin(query: string) {
  const c = new pg.Client({ connectionString: adminUrl })
  await c.connect()
  try {
    await c.query(query)
  } finally {
    await c.end()
  }
}

before(async () => {
  await makePostgresTemplate(adminUrl, dbName) // a fresh database, migrated and seeded
})

after(async () => {
  await admin(`drop database if exists "${dbName}" with (force)`)
})

/** A process's resident memory (Linux), in MB. */
const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024)

/** What a process holds once idle: its resident memory when it has stayed within 1 MB for a second. */
async function idleRssMb(pid: number): Promise<number> {
  const seen: { at: number; mb: number }[] = []
  await until(
    () => {
      const now = Date.now()
      seen.push({ at: now, mb: rssMb(pid) })
      const lastSecond = seen.filter((s) => s.at >= now - 1000)
      const mbs = lastSecond.map((s) => s.mb)
      return seen[0].at <= now - 1000 && Math.max(...mbs) - Math.min(...mbs) <= 1
    },
    30_000,
    'the idle process to hold steady',
  )
  return seen.at(-1)!.mb
}

/**
 * Issue #16: the compiled server (dist/app/main.js, plain node) as operators run it. Readiness fails while another
 * process holds the migrations (the advisory lock), and it drains on SIGTERM: a load balancer that stops sending
 * once /readyz says so sees no request fail, and the process exits 0 once what it had is answered.
 */
describe('one compiled app process', () => {
  test('is live at once, ready only when the migrations are done', async () => {
    const name = `${dbName}_new`
    await admin(`create database "${name}"`)
    const url = withDatabase(adminUrl, name)
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    let server: TestServer | undefined
    try {
      await holder.query('select pg_advisory_lock(7316001)') // as another process migrating this database would
      server = await startServer({ DATABASE_URL: url, SEED: 'never' }, { compiled: true, until: 'live' })
      // the process waits for the lock to migrate
      const waiting = async () =>
        (await holder.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 7316001 and not granted")).rows[0].n > 0
      await until(waiting, 30_000, 'the process to wait for the migration lock')
      const ready = await fetch(`${server.origin}/readyz`)
      assert.deepEqual([ready.status, await ready.json()], [503, { status: 'migrating' }])
      assert.equal((await fetch(`${server.origin}/s/api/init`)).status, 503)
      await holder.query('select pg_advisory_unlock(7316001)')
      const { origin } = server
      await until(async () => (await fetch(`${origin}/readyz`)).status === 200, 10_000, 'ready within 10 s of the lock')
      const migrated = await holder.query("select count(*)::int as n from information_schema.tables where table_name = 'orders'")
      assert.equal(migrated.rows[0].n, 1)
    } finally {
      await holder.end()
      await server?.stop()
      await admin(`drop database if exists "${name}" with (force)`)
    }
  })

  test('SIGTERM under load: no request fails, the process exits 0', async () => {
    const server = await startServer({ DATABASE_URL: dbUrl, SEED: 'never', SHUTDOWN_DELAY_MS: '1500' }, { compiled: true })
    const pid = server.child.pid!
    const idleRss = await idleRssMb(pid)
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)))
    let routed = true // the load balancer's view: sends while /readyz answers 200
    const answers = new Map<number | string, number>()
    let afterSignal = 0
    let signalled = false
    let loadedRss = 0
    const worker = async (n: number) => {
      while (routed) {
        const url = n % 2 ? '/s/api/products?perPage=5' : `/s/api/products?q=rice&perPage=5&i=${n}`
        const status = await fetch(`${server.origin}${url}`, { headers: { 'x-web-url': server.origin } }).then(
          (r) => r.arrayBuffer().then(() => r.status),
          (err: Error) => `${err.name}: ${(err.cause as Error | undefined)?.message ?? err.message}`,
        )
        answers.set(status, (answers.get(status) ?? 0) + 1)
        if (signalled) afterSignal++
      }
    }
    const balancer = (async () => {
      while (routed) {
        await sleep(100)
        loadedRss = Math.max(loadedRss, rssMb(pid))
        if (
          signalled &&
          (await fetch(`${server.origin}/readyz`).then(
            (r) => r.status,
            () => 0,
          )) !== 200
        )
          routed = false
      }
    })()
    const workers = Array.from({ length: 8 }, (_, n) => worker(n))
    await until(() => [...answers.values()].reduce((a, b) => a + b, 0) >= 80, 60_000, 'the load to be under way')
    const sentAt = Date.now()
    signalled = true
    server.child.kill('SIGTERM')
    await Promise.all([...workers, balancer])
    const code = await exited
    const total = [...answers.values()].reduce((a, b) => a + b, 0)
    console.log(
      `  compiled process on PostgreSQL: idle RSS ${idleRss} MB, under load ${loadedRss} MB; ${total} requests, ${afterSignal} after SIGTERM; exit ${code} after ${Date.now() - sentAt} ms`,
    )
    assert.deepEqual([...answers.keys()], [200], `every request answered 200: ${JSON.stringify(Object.fromEntries(answers))}`)
    assert.ok(afterSignal > 0, 'requests were in flight and sent after the signal')
    assert.equal(code, 0)
  })
})
