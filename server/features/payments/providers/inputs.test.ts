import { describe, expect, it } from 'vitest'
import { legacyProviderReference, parseLegacyReference, providerReference, unguessableReference } from './inputs'

describe('references sent to the providers', () => {
  it('carry 12 random characters after a readable prefix, within every provider’s 40 of [A-Za-z0-9_-]', () => {
    const made = Array.from({ length: 2000 }, () => providerReference(12, 'OD000155', 1))
    for (const r of made) expect(r).toMatch(/^w12-OD000155-1-[0-9a-z]{12}$/)
    expect(new Set(made).size).toBe(made.length)
    // every character of the random part is used, so it is not a counter in disguise
    expect(new Set(made.flatMap((r) => [...r.slice(-12)])).size).toBe(32)
  })

  it('shorten a long or odd prefix, never the random part', () => {
    const r = unguessableReference(`rf-${'pay/'.repeat(20)}`)
    expect(r).toHaveLength(40)
    expect(r).toMatch(/^rf-pay_pay_[A-Za-z0-9_-]*-[0-9a-z]{12}$/)
  })

  it('an attempt made before them keeps its old reference, which still reads back', () => {
    const old = legacyProviderReference('razorpay', 3, 'OD000042', 2)
    expect(old).toBe('w3-OD000042-2')
    expect(parseLegacyReference(old)).toEqual({ websiteId: 3, orderNumber: 'OD000042', attempt: 2 })
  })
})
