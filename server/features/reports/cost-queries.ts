import { type SQL, sql } from 'drizzle-orm'
import { type Db, rowsOf } from '../../db/client'
import type { Range } from './queries'

/** Queries of the cost reports (issue 33): sale lines with their batches' cost, batches at cost, purchase bills. */

const start = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Kolkata')`
const end = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Asia/Kolkata')`
const COUNTS = sql`o.status not in ('cancelled', 'expired') and o.payment_status not in ('pending', 'failed')`

export interface MarginRow {
  key: string
  label: string
  units: number
  revenue_paise: string | number
  cost_paise: string | number
  known_revenue_paise: string | number
}

const GROUPS: Record<'product' | 'category' | 'day', { key: SQL; label: SQL; join: SQL }> = {
  product: { key: sql`i.product_id::text`, label: sql`max(i.product_name)`, join: sql`` },
  category: {
    key: sql`coalesce(c.id::text, '-')`,
    label: sql`coalesce(max(c.name), 'No category')`,
    join: sql`left join products p on p.id = i.product_id left join categories c on c.id = p.category_id`,
  },
  day: { key: sql`((o.created_at at time zone 'Asia/Kolkata')::date)::text`, label: sql`((o.created_at at time zone 'Asia/Kolkata')::date)::text`, join: sql`` },
}

/** Line revenue (price × quantity) and the cost its batches recorded, per group; lines without a known cost apart. */
export async function margin(db: Db, r: Range, by: 'product' | 'category' | 'day') {
  const g = GROUPS[by]
  return rowsOf<MarginRow>(
    await db.execute(sql`
      select ${g.key} as key, ${g.label} as label, sum(i.quantity)::int as units,
             sum(i.price_paise::bigint * i.quantity) as revenue_paise,
             coalesce(sum(i.cost_paise) filter (where i.cost_paise is not null), 0) as cost_paise,
             coalesce(sum(i.price_paise::bigint * i.quantity) filter (where i.cost_paise is not null), 0) as known_revenue_paise
      from order_items i join orders o on o.id = i.order_id ${g.join}
      where o.website_id = ${r.websiteId} and o.created_at >= ${start(r.from)} and o.created_at < ${end(r.to)} and ${COUNTS} and i.quantity > 0
      group by 1 order by ${by === 'day' ? sql`1` : sql`4 desc`}`),
  )
}

export async function stockValue(db: Db, websiteId: number) {
  return rowsOf<{ warehouse_id: number; warehouse_name: string; units: number; value_paise: string | number; units_without_cost: number }>(
    await db.execute(sql`
      select w.id as warehouse_id, w.name as warehouse_name, coalesce(sum(b.quantity), 0)::int as units,
             coalesce(sum(b.quantity::bigint * b.cost_paise), 0) as value_paise,
             coalesce(sum(b.quantity) filter (where b.cost_paise is null), 0)::int as units_without_cost
      from warehouses w left join stock_batches b on b.warehouse_id = w.id and b.quantity > 0
      where w.website_id = ${websiteId}
      group by w.id, w.name order by w.id`),
  )
}

/** Purchase bills of the range per supplier, GST rate and kind of GST, less the debit notes made in the range. */
export async function purchaseRegister(db: Db, r: Range) {
  return rowsOf<{
    supplier_id: number
    supplier_name: string
    gstin: string | null
    gst_rate: number
    intra_state: boolean
    bills: number
    taxable_paise: string | number
    tax_paise: string | number
  }>(
    await db.execute(sql`
      with x as (
        select p.supplier_id, l.gst_rate, p.intra_state, p.id as bill_id, l.taxable_paise, l.tax_paise
        from purchases p join purchase_lines l on l.purchase_id = p.id
        where p.website_id = ${r.websiteId} and p.bill_date between ${r.from}::date and ${r.to}::date
        union all
        -- goods returned to the supplier (debit notes, decision 0058) take their value and GST back off the register
        select n.supplier_id, dl.gst_rate, n.intra_state, null, -dl.taxable_paise, -dl.tax_paise
        from debit_notes n join debit_note_lines dl on dl.debit_note_id = n.id
        where n.website_id = ${r.websiteId} and (n.created_at at time zone 'Asia/Kolkata')::date between ${r.from}::date and ${r.to}::date
      )
      select s.id as supplier_id, s.name as supplier_name, s.gstin, x.gst_rate, x.intra_state, count(distinct x.bill_id)::int as bills,
             sum(x.taxable_paise) as taxable_paise, sum(x.tax_paise) as tax_paise
      from x join suppliers s on s.id = x.supplier_id
      group by s.id, s.name, s.gstin, x.gst_rate, x.intra_state
      order by s.name, s.id, x.gst_rate`),
  )
}
