import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { buildEmptyTestApp, drivers, type TestApp } from '../../test/app'
import { createFirstWebsite } from './first-website'
import { captureDelivery, signIn } from './test-kit'

const ORIGIN = 'http://kirana.localhost:3000'
const OWNER = '9123456780'
const input = { name: 'Kirana Fresh', origin: ORIGIN, owner: `+91 ${OWNER}`, owner_name: 'Asha' }
const ROOT = path.resolve(import.meta.dirname, '../../..')

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err) => ({ kind: err.kind, message: err.message, errors: err.fieldErrors }),
  )

describe.each(drivers)('the first website of an empty database, from the setup command (%s)', (driver) => {
  let t: TestApp & { url?: string }
  const codes = captureDelivery()
  const count = async (table: 'websites' | 'website_members' | 'users') =>
    rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n
  beforeAll(async () => {
    t = await buildEmptyTestApp(driver, { otpDelivery: codes })
  })
  afterAll(() => t?.close())

  it('refuses bad input field by field and writes nothing', async () => {
    const bad = await failure(createFirstWebsite(t.app.deps.db, { name: ' ', origin: 'shop.example', owner: '12345', owner_name: '' }, { production: false }))
    expect(bad).toEqual({
      kind: 'invalid',
      message: 'Website name is required',
      errors: {
        name: 'Website name is required',
        origin: 'Enter the address as https://shop.example (scheme, host and optional port only)',
        owner: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9, or an email address',
        owner_name: 'Owner name is required',
      },
    })
    const plain = await failure(createFirstWebsite(t.app.deps.db, { ...input, origin: 'http://shop.example.in' }, { production: true }))
    expect(plain?.errors).toEqual({ origin: 'A website needs an https:// address' })
    expect([await count('websites'), await count('users')]).toEqual([0, 0])
  })

  it('makes the website answer at its address with a home page, and its owner a superadmin who signs in with a code', async () => {
    expect((await t.call({ method: 'GET', url: '/s/api/init', origin: ORIGIN })).statusCode, 'no website yet').not.toBe(200)
    const made = await createFirstWebsite(t.app.deps.db, input, { production: false })
    expect(made).toEqual({ website: { id: expect.any(Number), name: 'Kirana Fresh', origin: ORIGIN }, owner: { id: expect.any(Number), username: OWNER } })
    await t.app.deps.caches.invalidateWebsite(made.website.id) // what the command does after it
    const init = await t.call({ method: 'GET', url: '/s/api/init', origin: ORIGIN })
    expect(init.statusCode).toBe(200)
    expect(init.json().web.name).toBe('Kirana Fresh')
    expect((await t.call({ method: 'GET', url: '/s/api/page/data/', origin: ORIGIN })).statusCode).toBe(200)

    const owner = await signIn(t, codes, OWNER, ORIGIN)
    const websites = await t.call({ method: 'GET', url: '/s/api/bos/websites', origin: ORIGIN, session: owner })
    expect(websites.statusCode).toBe(200)
    expect((await t.call({ method: 'GET', url: '/s/api/admin/dashboard', origin: ORIGIN, session: owner })).statusCode).toBe(200)
    const audit = rowsOf<{ action: string; user_id: number }>(
      await t.app.deps.db.execute(sql`select action, user_id from audit_log where website_id = ${made.website.id}`),
    )
    expect(audit).toEqual([{ action: 'website.create', user_id: made.owner.id }])
  })

  it('refuses a second first website: more are made by the superadmin in the product', async () => {
    const again = await failure(createFirstWebsite(t.app.deps.db, { ...input, origin: 'http://other.localhost:3000' }, { production: false }))
    expect(again?.kind).toBe('conflict')
    expect(await count('websites')).toBe(1)
  })
})

describe.runIf(drivers.includes('postgres'))('the setup command on PostgreSQL', () => {
  let t: TestApp & { url?: string }
  beforeEach(async () => {
    t = await buildEmptyTestApp('postgres')
  })
  afterEach(() => t?.close())

  it('several started at once make one website', async () => {
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        failure(createFirstWebsite(t.app.deps.db, { ...input, origin: `http://s${i}.localhost:3000` }, { production: false })),
      ),
    )
    expect(runs.filter((r) => r === null)).toHaveLength(1)
    expect(runs.filter((r) => r?.kind === 'conflict')).toHaveLength(7)
    const rows = rowsOf<{ sites: number; members: number; owners: number }>(
      await t.app.deps.db.execute(
        sql`select (select count(*)::int from websites) as sites, (select count(*)::int from website_members) as members, (select count(*)::int from users) as owners`,
      ),
    )
    expect(rows[0]).toEqual({ sites: 1, members: 1, owners: 1 })
  })

  it('as a process: a running app answers at the new address at once; run again, it exits 3 and says why', async () => {
    const setup = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/setup.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: t.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      }).then(
        ({ stdout }) => ({ code: 0, out: stdout }),
        (err) => ({ code: err.code as number, out: err.stderr as string }),
      )
    const init = () => t.call({ method: 'GET', url: '/s/api/init', origin: ORIGIN })
    expect((await init()).statusCode, 'no website yet: the app remembers that for a few seconds').not.toBe(200)
    const made = await setup('--name', 'Kirana Fresh', '--origin', ORIGIN, '--owner', OWNER, '--owner-name', 'Asha')
    expect(made).toEqual({ code: 0, out: expect.stringContaining(`answers at ${ORIGIN}`) })
    const deadline = Date.now() + 1000
    while ((await init()).statusCode !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect((await init()).json().web.name, 'told through the cache bus, not after the cache’s 10 s').toBe('Kirana Fresh')
    const again = await setup('--name', 'Second', '--origin', 'http://second.localhost:3000', '--owner', OWNER, '--owner-name', 'Asha')
    expect(again).toEqual({ code: 3, out: 'This database already has a website: its superadmin creates more under Websites, in the product\n' })
  })
})
