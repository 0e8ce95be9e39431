import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { type AppOptions, buildApp } from '../app'
import { loadConfig, type Config } from '../config'
import { type Database, openDb } from '../db/client'
import { withDatabase } from '../db/template'
import { templatesReady } from './templates'

await templatesReady()

export type Driver = 'pglite' | 'postgres'

/** The drivers this run tests: PGlite always, PostgreSQL when TEST_PG_URL is set (npm test sets it). */
export const drivers: Driver[] = inject('pgAdminUrl') ? ['pglite', 'postgres'] : ['pglite']

export const MAIN = 'http://localhost:3000'
export const SHOP2 = 'http://shop2.localhost:3000'

/**
 * Settings production starts with (config.ts refuses it otherwise): as environment variables, or as overrides of
 * buildTestApp (whose database is the test's own whatever DATABASE_URL says).
 */
export const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-real-production-secret-0f3c9a7e51',
  SETTINGS_ENCRYPTION_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  PAYMENTS_MODE: 'live',
  DATABASE_URL: 'postgres://storefront@db.internal:5432/storefront',
  OTP_SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: '+15005550006',
  OTP_EMAIL_PROVIDER: 'none',
} as const

export interface TestApp {
  app: FastifyInstance
  /** the app's database (its driver, URL and the embedded database itself: backups) */
  database: Database
  close(): Promise<void>
  /** a request to the API as a website's browser would send it */
  call(opts: InjectOptions & { origin?: string; session?: TestSession }): Promise<LightMyRequestResponse>
  /** a visitor's session: cookie + matching XSRF token, as the web client holds them */
  visitor(origin?: string): Promise<TestSession>
}

export interface TestSession {
  cookie: string
  xsrf: string
}

type Extra = Pick<AppOptions, 'otpDelivery' | 'logStream' | 'web' | 'resolveHost'>

export async function buildTestApp(driver: Driver, overrides: Partial<Config> = {}, extra: Extra = {}): Promise<TestApp> {
  if (driver === 'pglite') return appOn(await openDb({ url: 'memory://', template: inject('pgliteTemplate') }), overrides, extra)
  const { url, drop } = await copyPostgresTemplate()
  return appOn(await openDb({ url, poolSize: 5, timeouts: dbTimeouts(overrides) }), overrides, extra, drop)
}

/** What main.ts hands the database of the config (its statement and lock timeouts). */
const dbTimeouts = (overrides: Partial<Config>) => ({ statementMs: overrides.DB_STATEMENT_TIMEOUT_MS, lockMs: overrides.DB_LOCK_TIMEOUT_MS })

/**
 * Several apps on one new PostgreSQL database, as app processes behind a load balancer are (cache invalidation).
 * `url` is the database's; the database is dropped when the last app closes. `each[i]`: more config of app i.
 */
export async function buildTestAppsOnOneDatabase(
  count: number,
  overrides: Partial<Config> = {},
  extra: Extra = {},
  each: Partial<Config>[] = [],
): Promise<{ apps: TestApp[]; url: string }> {
  const { url, drop } = await copyPostgresTemplate()
  let open = count
  const dropAfterLast = async () => {
    if (--open === 0) await drop()
  }
  const apps: TestApp[] = []
  for (let i = 0; i < count; i++) {
    const config = { ...overrides, ...each[i] }
    apps.push(await appOn(await openDb({ url, poolSize: 3, timeouts: dbTimeouts(config) }), config, extra, dropAfterLast))
  }
  return { apps, url }
}

/** An app on a migrated database with no website at all (what SEED=never starts with); `url` for PostgreSQL. */
export async function buildEmptyTestApp(driver: Driver, extra: Extra = {}): Promise<TestApp & { url?: string }> {
  if (driver === 'pglite') return appOn(await openDb({ url: 'memory://' }), {}, extra)
  const { url, drop } = await copyPostgresTemplate('template0')
  return { ...(await appOn(await openDb({ url, poolSize: 3 }), {}, extra, drop)), url }
}

async function copyPostgresTemplate(template = inject('pgTemplateDb')) {
  const admin = inject('pgAdminUrl')!
  const name = `sf_t_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`create database "${name}" template "${template}"`)
  await client.end()
  const drop = async () => {
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(`drop database if exists "${name}" with (force)`)
    await c.end()
  }
  return { url: withDatabase(admin, name), drop }
}

/** An app on a database the test opened itself (a cluster of its own); closing the app closes the database. */
export const buildTestAppOn = (database: Database, overrides: Partial<Config> = {}, extra: Extra = {}) => appOn(database, overrides, extra)

async function appOn(database: Database, overrides: Partial<Config>, extra: Extra, dropDb = async () => {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000' }, overrides)
  const app = await buildApp({ config, database, ...extra })
  const call: TestApp['call'] = ({ origin = MAIN, session, headers, ...opts }) =>
    app.inject({
      ...opts,
      headers: {
        'x-web-url': origin,
        ...(session ? { cookie: session.cookie, 'x-xsrf-token': session.xsrf } : {}),
        ...headers,
      },
    })
  return {
    app,
    database,
    call,
    async visitor(origin = MAIN) {
      const res = await call({ method: 'GET', url: '/s/api/cookie', origin })
      const cookies = res.cookies as { name: string; value: string }[]
      const sid = cookies.find((c) => c.name === 'sid')!
      const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!
      return { cookie: `sid=${sid.value}; XSRF-TOKEN=${xsrf.value}`, xsrf: xsrf.value }
    },
    async close() {
      await app.close()
      await database.close()
      await dropDb()
    },
  }
}

export interface RouteEntry {
  method: string
  url: string
}

/**
 * The app's route table (method + URL pattern), read from Fastify's radix-tree print-out, so security tests
 * can cover every route, including ones added later (SECURITY CS-01, AZ-11). Call after all routes are added.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = []
  const stack: string[] = []
  for (const line of app.printRoutes().split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!m) continue
    stack.length = m[1].length / 4
    stack.push(m[2])
    if (m[3]) for (const method of m[3].split(', ')) routes.push({ method, url: stack.join('') })
  }
  return routes
}
