import type { RequestCtx } from '../../platform/request-context'
import { addDays, type DeliveryTarget, deliveryTarget, earliestSlot, shopClock } from './schedule'

/* ---------- the product page's delivery estimate (issue 18) ---------- */

const dayName = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const hour = (hhmm: string) => {
  const h = Number(hhmm.slice(0, 2))
  const m = hhmm.slice(3, 5)
  return { text: `${h % 12 || 12}${m && m !== '00' ? `:${m}` : ''}`, pm: h >= 12 }
}

/** '07:00'–'09:00' → '7–9 AM'; '11:00'–'13:00' → '11 AM–1 PM' (a dash between, the day part once when shared). */
export function windowText(start: string, end: string): string {
  const a = hour(start)
  const b = hour(end)
  return a.pm === b.pm ? `${a.text}–${b.text} ${b.pm ? 'PM' : 'AM'}` : `${a.text} ${a.pm ? 'PM' : 'AM'}–${b.text} ${b.pm ? 'PM' : 'AM'}`
}

interface EarliestDelivery {
  pincode: string | null
  date: string | null
  start: string | null
  end: string | null
  /** 'today 7–9 PM', 'tomorrow 7–9 AM', 'Sun, 30 Nov 7–9 AM'; null when no window is open */
  when: string | null
  /** 'Delivery by …' */
  text: string | null
  /** why there is no window: no pincode, not delivered to, nothing open */
  message: string | null
}

/**
 * The one answer to "when would an order placed now arrive" (issue 31): the earliest window the warehouse serving the
 * pincode can still make (its cut-off, closed days and weekdays, each window's capacity), from the real slots. The
 * pincode dialog, the address form, the product page and the cart all say this, never a promise of their own.
 */
export async function earliestDelivery(ctx: RequestCtx, target: DeliveryTarget, now = new Date()): Promise<EarliestDelivery> {
  const none = { pincode: target.pincode, date: null, start: null, end: null, when: null, text: null }
  if (!target.pincode) return { ...none, message: 'Choose your pincode to see when we can deliver' }
  if (target.warehouseId === null) return { ...none, message: `Sorry, we don't deliver to ${target.pincode} yet.` }
  const slot = await earliestSlot(ctx, target.warehouseId, target.deliveryDays, now)
  if (!slot) return { ...none, message: 'No delivery windows are open right now' }
  const today = shopClock(now).date
  const day = slot.date === today ? 'today' : slot.date === addDays(today, 1) ? 'tomorrow' : dayName.format(new Date(`${slot.date}T00:00:00Z`))
  const when = `${day} ${windowText(slot.start, slot.end)}`
  return { pincode: target.pincode, ...slot, when, text: `Delivery by ${when}`, message: null }
}

/** The product page's estimate: the earliest delivery to the shopper's chosen pincode. */
export async function deliveryEstimate(ctx: RequestCtx, now = new Date()) {
  const { when: _when, ...estimate } = await earliestDelivery(ctx, await deliveryTarget(ctx), now)
  return estimate
}
