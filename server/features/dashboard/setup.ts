import { sql } from 'drizzle-orm'
import { SETUP_STEPS, type SetupChecklist, type SetupStep } from '../../../common/contracts/admin-dashboard'
import { rowsOf } from '../../db/client'
import type { StaffCtx } from '../../platform/staff-write'

/**
 * The setup checklist (issue 29): each step is done when the website's own data says so, so it ticks itself
 * whichever screen (or CSV, or API call) did the work. One read-only query across the features' tables, on purpose:
 * it only asks "is there any row", and eight service calls would be eight round trips on every admin home.
 * - warehouse: a warehouse that serves at least one pincode
 * - products / stock: an active product; a pack with stock on hand
 * - delivery: a slot template or a warehouse's own delivery charge saved (not only the defaults every website starts with)
 * - tax: the GST registration saved; payments: the payment screen saved, or the platform's account allowed
 * - home page: published by staff (the starter page's version 1 is by no one), or built of blocks (a seeded shop)
 * - go live: the first order
 */
export async function setupChecklist(ctx: StaffCtx): Promise<SetupChecklist> {
  const site = ctx.site.id
  const [row] = rowsOf<Record<SetupStep, boolean>>(
    await ctx.db.execute(sql`select
      exists (select 1 from pincodes p join warehouses w on w.id = p.warehouse_id where p.website_id = ${site} and w.website_id = ${site}) as warehouse,
      exists (select 1 from products where website_id = ${site} and status = 'active') as products,
      exists (select 1 from stock s join warehouses w on w.id = s.warehouse_id where w.website_id = ${site} and s.quantity > 0) as stock,
      exists (select 1 from delivery_templates where website_id = ${site})
        or exists (select 1 from delivery_charges where website_id = ${site} and (charge_paise is not null or free_above_paise is not null)) as delivery,
      exists (select 1 from tax_settings where website_id = ${site}) as tax,
      exists (select 1 from payment_settings where website_id = ${site}) as payments,
      exists (select 1 from page_versions where website_id = ${site} and url = '/' and published_by is not null)
        or exists (select 1 from pages where website_id = ${site} and url = '/' and jsonb_array_length(components) > 1) as home_page,
      exists (select 1 from orders where website_id = ${site}) as go_live`),
  )
  const steps = SETUP_STEPS.map((step) => ({ step, done: step === 'payments' ? row.payments || ctx.site.platformPayments : Boolean(row[step]) }))
  return { steps, done: steps.every((s) => s.done) }
}
