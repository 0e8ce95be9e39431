import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { runIfDue } from '../../platform/scheduled-job'
import { buildTestApp, buildTestAppsOnOneDatabase, drivers, type TestApp } from '../../test/app'
import { until } from '../checkout/test-kit'
import { deleteExpired, expiredSessionsJob } from './expiry'

const HOUR = 60 * 60 * 1000
const run = <T>(work: () => Promise<T>) => work()

/** `count` sessions of website 1 named `seed:${tag}:n` (a real one's hash has no colon), expiring `hours` from now (negative: expired) */
async function seed(app: FastifyInstance, tag: string, hours: number, count: number) {
  const at = new Date(Date.now() + hours * HOUR)
  await app.deps.db.execute(sql`
    insert into sessions (id_hash, website_id, xsrf_secret, expires_at)
    select 'seed:' || ${tag} || ':' || g, 1, 'secret', ${at.toISOString()}::timestamptz from generate_series(1, ${count}) g`)
}

/** the seeded sessions left, counted by tag */
async function left(app: FastifyInstance) {
  const rows = rowsOf<{ k: string }>(
    await app.deps.db.execute(
      sql`select tag || 'x' || count(*) as k from (select split_part(id_hash, ':', 2) as tag from sessions where id_hash like 'seed:%') s group by tag order by tag`,
    ),
  )
  return rows.map((r) => r.k).join(',')
}

/** Issue 25 finding 8: expired sessions were never deleted. */
describe.each(drivers)('the deletion of expired sessions (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver, { SCHEDULED_JOBS_CHECK_MS: 0 })
  })
  afterAll(() => t.close())

  it('deletes, in batches, the sessions past their expiry and keeps the live ones', async () => {
    await seed(t.app, 'old', -24 * 40, 5)
    await seed(t.app, 'past', -1, 2)
    await seed(t.app, 'live', 1, 3)
    const visitor = await t.visitor()
    let steps = 0
    const deleted = await deleteExpired(
      t.app.deps.db,
      (work) => {
        steps++
        return work()
      },
      new Date(),
      2,
    )
    expect(deleted).toBe(7)
    // batches of 2: 2 + 2 + 2 + 1
    expect(steps).toBe(4)
    expect(await left(t.app)).toBe('livex3')
    // the visitor's own session is live: it still works
    expect((await t.call({ method: 'GET', url: '/s/api/cart', session: visitor })).statusCode).toBe(200)
    const [mine] = rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from sessions where id_hash not like 'seed:%'`))
    expect(mine.n).toBeGreaterThan(0)
    expect(await deleteExpired(t.app.deps.db, run)).toBe(0)
  })

  it('stops between batches once the process drains', async () => {
    await seed(t.app, 'gone', -2, 5)
    let pieces = 1
    expect(await deleteExpired(t.app.deps.db, (work) => (pieces-- > 0 ? work() : Promise.resolve(undefined)), new Date(), 2)).toBe(2)
    expect(await deleteExpired(t.app.deps.db, run)).toBe(3)
    expect(await left(t.app)).toBe('livex3')
  })
})

describe.each(drivers)('the app deletes expired sessions on its own (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver, { SCHEDULED_JOBS_CHECK_MS: 20 })
  })
  afterAll(() => t.close())

  it('runs the job once it is due', async () => {
    await seed(t.app, 'old', -3, 4)
    await seed(t.app, 'live', 3, 2)
    await t.app.deps.db.execute(sql`update scheduled_jobs set due_at = now() - interval '1 second' where name = 'expired_sessions'`)
    // the app may have run it before the rows were there: made due again above, it runs once more and is due in an hour
    const claimed = async () =>
      rowsOf<{ later: boolean }>(
        await t.app.deps.db.execute(sql`select due_at > now() + interval '30 minutes' as later from scheduled_jobs where name = 'expired_sessions'`),
      )[0]?.later === true
    await until(async () => (await claimed()) && (await left(t.app)) === 'livex2')
    const [job] = rowsOf<{ hours: number }>(
      await t.app.deps.db.execute(
        sql`select round(extract(epoch from due_at - last_run_at) / 3600)::int as hours from scheduled_jobs where name = 'expired_sessions'`,
      ),
    )
    expect(job).toEqual({ hours: 1 })
  })
})

describe.runIf(drivers.includes('postgres'))('the expired-session job with two app processes on one PostgreSQL database', () => {
  let apps: TestApp[]
  beforeAll(async () => {
    apps = (await buildTestAppsOnOneDatabase(2, { SCHEDULED_JOBS_CHECK_MS: 0 })).apps
  })
  afterAll(async () => {
    for (const a of apps) await a.close()
  })

  it('runs in one of them an hour, whichever claims it first', async () => {
    const [a, b] = apps.map((x) => x.app) as [FastifyInstance, FastifyInstance]
    await seed(a, 'old', -5, 50)
    await seed(a, 'live', 5, 3)
    const job = (app: FastifyInstance) => expiredSessionsJob(app.deps.db, app.log)
    for (let round = 0; round < 5; round++) {
      const ran = await Promise.all([runIfDue(a, job(a)), runIfDue(b, job(b)), runIfDue(a, job(a)), runIfDue(b, job(b))])
      expect(ran.filter(Boolean), `round ${round}`).toHaveLength(round === 0 ? 1 : 0)
    }
    expect(await left(b)).toBe('livex3')
    // due again: the next claim runs it once more, and deletes what expired since
    await seed(a, 'later', -1, 4)
    await a.deps.db.execute(sql`update scheduled_jobs set due_at = now() - interval '1 second' where name = 'expired_sessions'`)
    expect((await Promise.all([runIfDue(a, job(a)), runIfDue(b, job(b))])).filter(Boolean)).toHaveLength(1)
    expect(await left(a)).toBe('livex3')
  })
})
