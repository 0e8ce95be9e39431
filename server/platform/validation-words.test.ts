import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, type TestApp } from '../test/app'
import { signIn, type SignedIn } from '../test/shopper'
import { staffCall } from '../test/staff'

/**
 * Finding 9 of issue 25: a 422 names the field and says how to put it right, in the shop's words
 * (common/contracts/issue-messages.ts), where it used to pass on zod's ("Invalid input: expected number, received
 * undefined"). The walk of every call (malformed-input.test.ts) checks no answer is in zod's words; these are the
 * words themselves.
 */
describe.each(drivers)('422 answers in words (%s)', (driver) => {
  let t: TestApp
  let admin: SignedIn

  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
  })
  afterAll(() => t.close())

  const refused = async (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown) => {
    const res = await staffCall(t, admin, method, url, payload)
    expect(res.statusCode, res.body).toBe(422)
    const body = res.json() as { message: string; code: string; errors: Record<string, string> }
    expect(body.code).toBe('invalid')
    expect(body.message).toBe(Object.values(body.errors)[0])
    return body.errors
  }

  it('says a missing field is required and what to send; the version of a save says which one', async () => {
    expect(await refused('PUT', '/s/api/admin/pages', { url: '/walk-words', components: [] })).toEqual({
      version: 'Send the version you loaded: 0 for a new page',
    })
    expect(await refused('PATCH', '/s/api/admin/coupons/1', { value: 10 })).toEqual({ version: 'Send the version you loaded (it comes with the record)' })
    expect(await refused('POST', '/s/api/admin/search/synonyms', {})).toEqual({ term: 'Term is required: send text', means: 'Means is required: send text' })
    expect(await refused('POST', '/s/api/admin/categories/1/move', { parent_id: null })).toEqual({ position: 'Position is required: send a number' })
  })

  it('says what a field must be, lists the choices, and names fields a call does not have', async () => {
    expect(await refused('POST', '/s/api/admin/search/synonyms', { term: 12, means: ['atta'] })).toEqual({
      term: 'Term must be text, not 12',
      means: 'Means must be text, not a list',
    })
    expect(await refused('POST', '/s/api/admin/payment-methods/test', { provider: 'paypal', key_id: 'x' })).toEqual({
      provider: 'Provider must be one of: "razorpay", "cashfree"',
    })
    expect(await refused('POST', '/s/api/admin/categories', { name: 'Snacks', colour: 'red' })).toEqual({
      body: 'colour is not a field of this call: leave it out',
    })
    expect(await refused('POST', '/s/api/admin/categories/1/move', { parent_id: null, position: 2_147_483_648 })).toEqual({
      position: 'position is too large',
    })
    expect(await refused('PATCH', '/s/api/admin/brands/1', {})).toEqual({ body: 'Send at least one field to change' })
  })
})
