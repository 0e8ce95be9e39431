import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../db/client'
import { drivers } from '../../test/app'
import { newShopper, signIn } from '../../test/shopper'
import { staffCall } from '../../test/staff'
import { useCheckoutApp } from '../checkout/test-kit'

type Sql = ReturnType<typeof sql>

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
describe.skipIf(!drivers.includes('postgres'))('one-a-day reminders and register names under concurrent callers (postgres)', () => {
  const h = useCheckoutApp('postgres')
  const rows = async <T>(q: Sql) => rowsOf<T>(await h.db().execute(q))

  it('20 reminders at once for one customer: one is sent, the others are 429; one reminder in the outbox', { timeout: 120_000 }, async () => {
    const t = h.k().t
    const admin = await signIn(t, '9876500001')
    const s = await newShopper(t)
    const url = `/s/api/admin/customers/${s.userId}/khata`
    expect((await staffCall(t, admin, 'PUT', url, { credit_limit: 1000 })).statusCode).toBe(200)
    expect((await staffCall(t, admin, 'POST', `${url}/adjustments`, { change: 100, reason: 'Opening balance' })).statusCode).toBe(201)
    const answers = await Promise.all(Array.from({ length: 20 }, () => staffCall(t, admin, 'POST', `${url}/reminders`, {})))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(429)])
    const to = answers.find((a) => a.statusCode === 201)!.json().to as string
    expect(await rows(sql`select count(*)::int as n from outbox where kind = 'khata_reminder' and payload->>'to' = ${to}`)).toEqual([{ n: 1 }])
  })

  it('20 registers added at once with one name, and 20 renames to another: one of each, the rest refused', { timeout: 120_000 }, async () => {
    const t = h.k().t
    const admin = await signIn(t, '9876500001')
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => staffCall(t, admin, method, `/s/api/pos${url}`, body)
    const warehouse = (await call('GET', '/registers')).json().registers[0].warehouse_id as number
    const name = `Race till ${Date.now()}`
    const added = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/registers', { name, warehouse_id: warehouse })))
    expect(added.filter((a) => a.statusCode === 201).length).toBe(1)
    expect(added.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 422)).toBe(true)
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => call('POST', '/registers', { name: `${name} ${i}`, warehouse_id: warehouse })))
    const ids = made.map((m) => m.json().id as number)
    const renamed = await Promise.all(ids.map((id) => call('PATCH', `/registers/${id}`, { name: `${name} renamed` })))
    expect(renamed.filter((a) => a.statusCode === 200).length).toBe(1)
    // the losers are refused (a rename that loses at the unique index is the seam's 409), never a 500
    expect(renamed.filter((a) => a.statusCode !== 200).every((a) => [409, 422].includes(a.statusCode))).toBe(true)
    expect(
      await rows(sql`select name, count(*)::int as n from pos_registers where name in (${name}, ${`${name} renamed`}) group by name order by name`),
    ).toEqual([
      { name, n: 1 },
      { name: `${name} renamed`, n: 1 },
    ])
  })
})
