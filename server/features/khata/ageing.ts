import type { KhataAgeing } from '../../../common/contracts/khata'

const DAY_MS = 86_400_000

/**
 * What is still owed, by age: the payments, returns and downward corrections pay off the oldest credit sales
 * (and upward corrections) first; what is left of each is counted in the bucket of its age in days.
 * Paise in, paise out.
 */
export function ageingOf(debits: { amountPaise: number; at: Date }[], creditsPaise: number, now = new Date()): KhataAgeing {
  const out = { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 }
  let paid = creditsPaise
  for (const d of debits) {
    const left = d.amountPaise - Math.min(paid, d.amountPaise)
    paid -= d.amountPaise - left
    if (left === 0) continue
    const days = Math.floor((now.getTime() - d.at.getTime()) / DAY_MS)
    const bucket = days <= 30 ? 'd0_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90_plus'
    out[bucket] += left
  }
  return out
}

/** Days since the oldest paise still owed (0 when nothing is), for sorting by "oldest dues". */
export function oldestDue(debits: { amountPaise: number; at: Date }[], creditsPaise: number, now = new Date()): number {
  let paid = creditsPaise
  for (const d of debits) {
    if (paid >= d.amountPaise) {
      paid -= d.amountPaise
      continue
    }
    return Math.floor((now.getTime() - d.at.getTime()) / DAY_MS)
  }
  return 0
}
