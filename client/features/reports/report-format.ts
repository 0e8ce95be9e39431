import type { SalesGroup } from '../../../common/contracts/admin-reports'
import { formatINR, toPaise } from '../../../common/money'

export const GROUP_LABELS: Record<SalesGroup, string> = { day: 'Day', week: 'Week', month: 'Month' }

export const rupees = (n: number) => formatINR(toPaise(n))
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
/** Short rupees for an axis: ₹1.2L, ₹45K. */
export const axisRupees = (n: number) =>
  n >= 1e7 ? `₹${(n / 1e7).toFixed(1)}Cr` : n >= 1e5 ? `₹${(n / 1e5).toFixed(1)}L` : n >= 1e3 ? `₹${Math.round(n / 1e3)}K` : `₹${n}`
export const percent = (booked: number, capacity: number) => (capacity ? `${Math.round((100 * booked) / capacity)} %` : '–')
const dayShort = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const monthShort = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })
export const periodLabel = (group: SalesGroup, p: string) => {
  const d = new Date(`${p}T00:00:00Z`)
  return group === 'month' ? monthShort.format(d) : group === 'week' ? `Week of ${dayShort.format(d)}` : dayShort.format(d)
}
