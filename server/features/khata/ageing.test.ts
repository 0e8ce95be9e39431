import { describe, expect, it } from 'vitest'
import { ageingOf, oldestDue } from './ageing'

const now = new Date('2026-11-28T12:00:00Z')
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000)

describe('khata ageing', () => {
  it('pays the oldest sales first and buckets what is left by its age', () => {
    const debits = [
      { amountPaise: 10_000, at: daysAgo(100) },
      { amountPaise: 20_000, at: daysAgo(70) },
      { amountPaise: 30_000, at: daysAgo(45) },
      { amountPaise: 40_000, at: daysAgo(3) },
    ]
    expect(ageingOf(debits, 15_000, now)).toEqual({ d0_30: 40_000, d31_60: 30_000, d61_90: 15_000, d90_plus: 0 })
    expect(ageingOf(debits, 0, now)).toEqual({ d0_30: 40_000, d31_60: 30_000, d61_90: 20_000, d90_plus: 10_000 })
    expect(ageingOf(debits, 100_000, now)).toEqual({ d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 })
    expect(oldestDue(debits, 15_000, now)).toBe(70)
    expect(oldestDue(debits, 100_000, now)).toBe(0)
  })

  it('counts day 30 in 0–30, day 31 in 31–60, day 90 in 61–90 and day 91 in 90+', () => {
    const at = (d: number) => [{ amountPaise: 100, at: daysAgo(d) }]
    expect(ageingOf(at(30), 0, now).d0_30).toBe(100)
    expect(ageingOf(at(31), 0, now).d31_60).toBe(100)
    expect(ageingOf(at(90), 0, now).d61_90).toBe(100)
    expect(ageingOf(at(91), 0, now).d90_plus).toBe(100)
  })
})
