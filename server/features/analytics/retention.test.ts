import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { runIfDue } from '../../platform/scheduled-job'
import { buildTestApp, buildTestAppsOnOneDatabase, drivers, type TestApp } from '../../test/app'
import { signIn, type SignedIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { pruneAnalytics, retentionJob } from './retention'

const DAY = 24 * 60 * 60 * 1000
const run = <T>(work: () => Promise<T>) => work()

/** `count` events and browser errors of a website, `daysAgo` old */
async function seed(app: FastifyInstance, websiteId: number, daysAgo: number, count: number) {
  const at = new Date(Date.now() - daysAgo * DAY)
  await app.deps.db.execute(sql`
    insert into analytics_events (website_id, event, distinct_id, path, properties, at)
    select ${websiteId}, '$pageview', 'anon-' || g, '/d' || ${daysAgo}, '{}'::jsonb, ${at.toISOString()}::timestamptz from generate_series(1, ${count}) g`)
  await app.deps.db.execute(sql`
    insert into client_errors (website_id, message, at)
    select ${websiteId}, 'old ' || ${daysAgo}, ${at.toISOString()}::timestamptz from generate_series(1, ${count}) g`)
}

async function ages(app: FastifyInstance) {
  const keys = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ k: string }>(await app.deps.db.execute(query))
      .map((r) => r.k)
      .sort()
      .join(',')
  return {
    events: await keys(sql`select website_id || ':' || path || 'x' || count(*) as k from analytics_events group by website_id, path`),
    errors: await keys(sql`select website_id || ':' || message || 'x' || count(*) as k from client_errors group by website_id, message`),
  }
}

describe.each(drivers)('the retention of analytics events and browser errors (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn
  beforeAll(async () => {
    t = await buildTestApp(driver, { SCHEDULED_JOBS_CHECK_MS: 0 })
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  it('is 90 days of events and 30 of errors by default; staff change it (audited) and are told per field what is wrong', async () => {
    const get = async () => (await staffCall(t, admin, 'GET', '/s/api/admin/analytics/retention')).json()
    expect(await get()).toEqual({ events_days: 90, errors_days: 30 })
    for (const [body, fields] of [
      [{ events_days: 0, errors_days: 30 }, ['events_days']],
      [{ events_days: 90, errors_days: 1.5 }, ['errors_days']],
      [{ events_days: 3651, errors_days: '7' }, ['events_days', 'errors_days']],
      [{ events_days: 90 }, ['errors_days']],
    ] as const) {
      const res = await staffCall(t, admin, 'PUT', '/s/api/admin/analytics/retention', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort())
    }
    expect(await get()).toEqual({ events_days: 90, errors_days: 30 })

    const ok = await staffCall(t, admin, 'PUT', '/s/api/admin/analytics/retention', { events_days: 60, errors_days: 7 })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await get()).toEqual({ events_days: 60, errors_days: 7 })
    const audit = rowsOf<{ action: string; before: unknown; after: unknown; user_id: number }>(
      await t.app.deps.db.execute(sql`select action, before, after, user_id from audit_log where entity = 'analytics_retention'`),
    )
    expect(audit).toEqual([
      { action: 'analytics_retention.update', before: { events_days: 90, errors_days: 30 }, after: { events_days: 60, errors_days: 7 }, user_id: admin.userId },
    ])
  })

  it('deletes, in batches, only what each website keeps longer than its retention', async () => {
    await t.app.deps.db.execute(sql`update websites set analytics_retention_days = 60, client_errors_retention_days = 7 where id = 1`)
    await seed(t.app, 1, 61, 5)
    await seed(t.app, 1, 59, 2)
    await seed(t.app, 1, 8, 3)
    await seed(t.app, 1, 1, 1)
    await seed(t.app, 2, 61, 2) // website 2 keeps the defaults: 90 and 30 days
    await seed(t.app, 2, 31, 1)
    let steps = 0
    const deleted = await pruneAnalytics(
      t.app.deps.db,
      (work) => {
        steps++
        return work()
      },
      new Date(),
      2,
    )
    expect(deleted).toEqual({ events: 5, errors: 10 + 3 })
    // batches of 2: website 1's events 2+2+1, its errors 2+2+2+2+2+0; website 2's events 0, its errors 2+1
    expect(steps).toBe(3 + 6 + 1 + 2)
    expect(await ages(t.app)).toEqual({ events: '1:/d1x1,1:/d59x2,1:/d8x3,2:/d31x1,2:/d61x2', errors: '1:old 1x1' })
    // nothing more to delete
    expect(await pruneAnalytics(t.app.deps.db, run)).toEqual({ events: 0, errors: 0 })
  })

  it('stops between batches once the process drains', async () => {
    await seed(t.app, 1, 100, 6)
    let left = 1
    const deleted = await pruneAnalytics(t.app.deps.db, (work) => (left-- > 0 ? work() : Promise.resolve(undefined)), new Date(), 2)
    expect(deleted).toEqual({ events: 2, errors: 0 })
    expect(await pruneAnalytics(t.app.deps.db, run)).toEqual({ events: 4, errors: 6 })
  })
})

describe.runIf(drivers.includes('postgres'))('the retention job with two app processes on one PostgreSQL database', () => {
  let apps: TestApp[]
  beforeAll(async () => {
    apps = (await buildTestAppsOnOneDatabase(2, { SCHEDULED_JOBS_CHECK_MS: 0 })).apps
  })
  afterAll(async () => {
    for (const a of apps) await a.close()
  })

  it('runs in one of them an hour, whichever claims it first', async () => {
    const [a, b] = apps.map((x) => x.app) as [FastifyInstance, FastifyInstance]
    await seed(a, 1, 120, 50)
    await seed(a, 1, 2, 3)
    const job = (app: FastifyInstance) => retentionJob(app.deps.db, app.log)
    for (let round = 0; round < 5; round++) {
      const ran = await Promise.all([runIfDue(a, job(a)), runIfDue(b, job(b)), runIfDue(a, job(a)), runIfDue(b, job(b))])
      expect(ran.filter(Boolean), `round ${round}`).toHaveLength(round === 0 ? 1 : 0)
    }
    expect(await ages(b)).toEqual({ events: '1:/d2x3', errors: '1:old 2x3' })
    const [job1] = rowsOf<{ hours: number }>(
      await a.deps.db.execute(
        sql`select round(extract(epoch from due_at - last_run_at) / 3600)::int as hours from scheduled_jobs where name = 'analytics_retention'`,
      ),
    )
    expect(job1).toEqual({ hours: 1 })
    // due again: the next claim runs it once more
    await a.deps.db.execute(sql`update scheduled_jobs set due_at = now() - interval '1 second'`)
    expect((await Promise.all([runIfDue(a, job(a)), runIfDue(b, job(b))])).filter(Boolean)).toHaveLength(1)
  })
})
