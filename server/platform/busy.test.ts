import { DrizzleQueryError, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { rowsOf } from '../db/client'
import { withDatabase } from '../db/template'
import { buildTestApp, drivers, type TestApp } from '../test/app'
import { AppError, BUSY, BUSY_RETRY_AFTER_SECONDS } from './errors'

/** A PostgreSQL error as node-postgres and PGlite throw it, wrapped by drizzle as a failed query is. */
const failedQuery = (code: string) => new DrizzleQueryError('select …', [], Object.assign(new Error(`the database says ${code}`), { code, severity: 'ERROR' }))

/**
 * Issue 25 finding 7: a statement over its time, a lock not had in time, a serialization failure or a deadlock is
 * a 503 with Retry-After from any route (nothing was written; the same request may come again), never a 500.
 */
describe.each(drivers)('a database too busy for the request (%s)', (driver) => {
  let t: TestApp
  const log: string[] = []
  beforeAll(async () => {
    t = await buildTestApp(driver, { LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => void log.push(line) } })
    t.app.get<{ Params: { code: string } }>('/s/api/test-busy/:code', async (req) => {
      throw failedQuery(req.params.code)
    })
    t.app.post('/s/api/test-busy-buying', { config: { busy: 'Many people are buying this right now: try again in a moment' } }, async () => {
      throw failedQuery('57014')
    })
    t.app.get('/s/api/test-busy-app-error', async () => {
      throw new AppError('busy', 'Wait a moment')
    })
  })
  afterAll(() => t.close())

  const expectBusy = (res: Awaited<ReturnType<TestApp['call']>>, message = BUSY) => {
    expect(res.statusCode, res.body).toBe(503)
    expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS))
    expect(res.json()).toEqual({ message, code: 'busy' })
  }

  it('answers 503 with Retry-After for a statement timeout, a lock timeout, a serialization failure and a deadlock', async () => {
    for (const code of ['57014', '55P03', '40001', '40P01']) expectBusy(await t.call({ method: 'GET', url: `/s/api/test-busy/${code}` }))
    // logged as a warning with its SQLSTATE, not as a failed request
    const lines = log.map((l) => JSON.parse(l) as { level: number; msg: string; sqlstate?: string })
    expect(lines.filter((l) => l.msg.startsWith('the database was too busy')).map((l) => [l.level, l.sqlstate])).toEqual([
      [40, '57014'],
      [40, '55P03'],
      [40, '40001'],
      [40, '40P01'],
    ])
    expect(lines.filter((l) => l.msg === 'request failed')).toEqual([])
  })

  it('in the words the route chose, and for a busy AppError too', async () => {
    expectBusy(
      await t.call({ method: 'POST', url: '/s/api/test-busy-buying', payload: {}, session: await t.visitor() }),
      'Many people are buying this right now: try again in a moment',
    )
    expectBusy(await t.call({ method: 'GET', url: '/s/api/test-busy-app-error' }), 'Wait a moment')
  })

  it('keeps any other database error a 500', async () => {
    const res = await t.call({ method: 'GET', url: '/s/api/test-busy/XX000' })
    expect(res.statusCode).toBe(500)
    expect(res.headers['retry-after']).toBeUndefined()
  })
})

describe.runIf(drivers.includes('postgres'))('PostgreSQL timeouts of a real transaction (postgres)', () => {
  let t: TestApp
  beforeAll(async () => {
    // the app's own timeouts, short: a statement 1 s, a lock wait 100 ms
    t = await buildTestApp('postgres', { DB_STATEMENT_TIMEOUT_MS: 1000, DB_LOCK_TIMEOUT_MS: 100 })
    const db = t.app.deps.db
    // writes a row, then meets the timeout: the answer is 503 and the row is gone with the transaction
    t.app.post<{ Body: { name: string; sleep?: boolean } }>('/s/api/test-timeout', async (req) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into scheduled_jobs (name, due_at) values (${req.body.name}, now())`)
        if (req.body.sleep) await tx.execute(sql`select pg_sleep(5)`)
        else await tx.execute(sql`select * from websites where id = 1 for update`)
        return { ok: true }
      }),
    )
  })
  afterAll(() => t.close())
  const written = async (name: string) =>
    rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from scheduled_jobs where name = ${name}`))[0].n

  it('a statement over DB_STATEMENT_TIMEOUT_MS (57014) answers 503 and leaves nothing written', async () => {
    const res = await t.call({ method: 'POST', url: '/s/api/test-timeout', payload: { name: 'slow', sleep: true }, session: await t.visitor() })
    expect(res.statusCode, res.body).toBe(503)
    expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS))
    expect(await written('slow')).toBe(0)
  })

  it('a lock held longer than DB_LOCK_TIMEOUT_MS (55P03) answers 503, leaves nothing written, and the retry succeeds', async () => {
    const session = await t.visitor()
    // another connection holds the website's row
    const holder = new pg.Client({ connectionString: await urlOf(t) })
    await holder.connect()
    await holder.query('begin')
    await holder.query('select * from websites where id = 1 for update')
    try {
      const res = await t.call({ method: 'POST', url: '/s/api/test-timeout', payload: { name: 'locked' }, session })
      expect(res.statusCode, res.body).toBe(503)
      expect(res.json()).toEqual({ message: BUSY, code: 'busy' })
      expect(await written('locked')).toBe(0)
    } finally {
      await holder.query('rollback')
      await holder.end()
    }
    const again = await t.call({ method: 'POST', url: '/s/api/test-timeout', payload: { name: 'locked' }, session })
    expect(again.statusCode, again.body).toBe(200)
    expect(await written('locked')).toBe(1)
  })
})

/** the test database's address */
async function urlOf(t: TestApp): Promise<string> {
  const [row] = rowsOf<{ db: string }>(await t.app.deps.db.execute(sql`select current_database() as db`))
  return withDatabase(inject('pgAdminUrl')!, row.db)
}
