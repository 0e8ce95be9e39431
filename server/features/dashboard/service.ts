import type { Dashboard } from '../../../common/contracts/admin-dashboard'
import type { StaffCtx } from '../../platform/staff-write'
import { addDays, shopClock } from '../delivery/schedule'
import * as delivery from '../delivery/service'
import * as orders from '../orders/service'
import * as stock from '../stock/service'

/**
 * The admin home: each figure read through its feature's service (orders, delivery, stock), never their tables.
 * The reads are independent, so they run side by side; the slots follow, once each warehouse's are made.
 */
export async function dashboard(ctx: StaffCtx, now = new Date()): Promise<Dashboard> {
  const site = ctx.site.id
  const clock = shopClock(now)
  const tomorrow = addDays(clock.date, 1)
  const [day, waiting, alerts, warehouses] = await Promise.all([
    orders.dayFigures(ctx.db, site, clock.date),
    orders.waitingByStatus(ctx.db, site),
    stock.stockAlerts(ctx.db, site),
    stock.listWarehouses(ctx),
  ])
  // the slots Delivery › Slots shows: made from each warehouse's template where none exist yet
  const slots = await delivery.slotsOn(
    ctx,
    warehouses.data.map((w) => w.id),
    [clock.date, tomorrow],
  )
  const names = new Map(warehouses.data.map((w) => [w.id, w.name]))
  return {
    date: clock.date,
    tomorrow,
    today: { orders: day.orders, revenue: day.revenuePaise / 100 },
    waiting,
    // today's windows already over are not filling up any more
    slots: slots
      .filter((s) => s.date !== clock.date || s.end > clock.time)
      .map((s) => ({
        date: s.date,
        start: s.start,
        end: s.end,
        warehouse_id: s.warehouseId,
        warehouse_name: names.get(s.warehouseId) ?? `Warehouse ${s.warehouseId}`,
        booked: s.booked,
        capacity: s.capacity,
      })),
    stock: { low: alerts.low, out_of_stock: alerts.outOfStock },
  }
}
