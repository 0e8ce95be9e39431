import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { messages } from '../../db/schema/messages'
import { buildTestApp, drivers, type TestApp } from '../../test/app'
import { messageRetentionJob } from './retention'

/** Issue #32 "Limits and safety" and the log's retention: a website's hourly limit, no message content in server logs, old rows deleted. */
describe.each(drivers)('message limits, server logs and retention (%s)', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp(driver, { MESSAGES_PER_WEBSITE_HOUR: 3 })
  })
  afterAll(() => t?.close())

  it('server logs name the template and a masked number, never the text, the variables or the number', async () => {
    const calls: unknown[][] = []
    const spies = (['info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(t.app.log, level).mockImplementation((...args: unknown[]) => void calls.push(args)),
    )
    try {
      // both channels refuse: each refusal is logged
      for (const channel of ['whatsapp', 'sms'])
        await t.app.inject({ method: 'POST', url: '/__sim/messages/failures', payload: { to: '9811300001', channel, mode: 'reject' } })
      const outcome = await t.app.messages.send({
        websiteId: null,
        template: 'payment_link',
        to: '9811300001',
        vars: { shop: 'Kirana Fresh', order: 'KF-SECRET-77', amount: '₹4,321.00', link: 'https://pay.example/very-secret-link' },
      })
      expect(outcome).toMatchObject({ status: 'failed' })
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
    // what the messaging code logs: its message and fields (request logs hand pino req/res objects, which its
    // serialisers cut to method and URL: the simulator's URLs carry no number)
    const logged = calls
      .filter(([first]) => !(first && typeof first === 'object' && ('req' in first || 'res' in first)))
      .flat()
      .map((arg) => {
        try {
          return JSON.stringify(arg)
        } catch {
          return ''
        }
      })
      .join('\n')
    expect(logged).toContain('WhatsApp message refused')
    expect(logged).toContain('98xxxxxx01')
    for (const secret of ['9811300001', 'KF-SECRET-77', '4,321', 'very-secret-link', 'Pay ₹']) expect(logged).not.toContain(secret)
    // nor the message log: no text, and no variables for a message that has no later fallback to make
    const rows = await t.app.deps.db.select().from(messages).where(eq(messages.toMobile, '9811300001'))
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'failed'],
    ])
    expect(JSON.stringify(rows)).not.toContain('Pay ₹')
  })

  it('a website sends at most MESSAGES_PER_WEBSITE_HOUR messages an hour, to any numbers; the next is logged as limited', async () => {
    const send = (to: string) => t.app.messages.send({ websiteId: 1, template: 'delivered', to, vars: { shop: 'Kirana Fresh', order: 'KF-1' } })
    for (const to of ['9811300011', '9811300012', '9811300013']) expect((await send(to)).status).toBe('sent')
    expect(await send('9811300014')).toEqual({ status: 'skipped', reason: 'limited' })
    const [row] = await t.app.deps.db.select().from(messages).where(eq(messages.toMobile, '9811300014'))
    expect(row).toMatchObject({ status: 'limited', costUnits: 0 })
    expect((await t.app.inject({ method: 'GET', url: '/__sim/messages?to=9811300014' })).json()).toEqual([])
    // another website's own limit is untouched
    expect((await t.app.messages.send({ websiteId: 2, template: 'delivered', to: '9811300015', vars: { shop: 'Shop Two', order: 'S2-1' } })).status).toBe(
      'sent',
    )
  })

  it('the daily job deletes log rows older than MESSAGES_RETENTION_DAYS and keeps the newer ones', async () => {
    const db = t.app.deps.db
    const row = { websiteId: 1, template: 'delivered', providerTemplate: 'delivered', channel: 'whatsapp', provider: 'whatsapp', status: 'read', costUnits: 1 }
    await db.insert(messages).values([
      { ...row, toMobile: '9811300021', createdAt: new Date(Date.now() - 91 * 86_400_000) },
      { ...row, toMobile: '9811300022', createdAt: new Date(Date.now() - 89 * 86_400_000) },
    ])
    await messageRetentionJob(db, { info: () => {} }, 90).run((work) => work())
    const left = await db.select({ to: messages.toMobile }).from(messages).where(sql`${messages.toMobile} in ('9811300021', '9811300022')`)
    expect(left).toEqual([{ to: '9811300022' }])
  })
})
