import { useState } from 'react'
import { formatDate } from '../../../../common/dates'
import { formatINR, toPaise } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { Pagination } from '../../../ui/pagination'
import { Spinner } from '../../../ui/spinner'
import { Card } from '../../../staff/ui/card'
import { useCouponUsage } from './api'

/** The orders placed with a coupon, and what it gave. */
export function CouponUsage({ id }: { id: number }) {
  const [page, setPage] = useState(1)
  const usage = useCouponUsage(id, page)
  const u = usage.data
  return (
    <Card title="Usage" description="Orders placed with this coupon; a cancelled or unpaid order gives its use back.">
      {usage.isPending && <Spinner label="Loading usage" className="size-5 text-primary" />}
      {usage.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(usage.error)}
        </p>
      )}
      {u && (
        <>
          <dl className="mb-4 grid grid-cols-3 gap-3">
            {[
              ['Uses', String(u.uses)],
              ['Discount given', formatINR(toPaise(u.discount_given))],
              ['Order value', formatINR(toPaise(u.order_value))],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md border border-border bg-background p-3">
                <dt className="text-xs uppercase text-muted">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {u.data.length === 0 ? (
            <p className="text-sm text-muted">No orders have used this coupon yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Orders with this coupon</caption>
                <thead className="text-left text-xs uppercase text-muted">
                  <tr>
                    <th className="py-2 pr-3 font-semibold">Order</th>
                    <th className="py-2 pr-3 font-semibold">Placed</th>
                    <th className="py-2 pr-3 font-semibold">Customer</th>
                    <th className="py-2 pr-3 font-semibold">Status</th>
                    <th className="py-2 pr-3 text-right font-semibold">Discount</th>
                    <th className="py-2 text-right font-semibold">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {u.data.map((o) => (
                    <tr key={o.order_id} className="border-t border-border">
                      <td className="py-2 pr-3 font-medium">{o.order_number}</td>
                      <td className="whitespace-nowrap py-2 pr-3">{formatDate(o.placed_at, true)}</td>
                      <td className="py-2 pr-3">{o.customer}</td>
                      <td className="py-2 pr-3 capitalize">{o.status.replace(/_/g, ' ')}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatINR(toPaise(o.discount))}</td>
                      <td className="py-2 text-right tabular-nums">{formatINR(toPaise(o.total))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {u.meta.total > u.meta.perPage && <Pagination className="mt-3" page={page} total={u.meta.total} perPage={u.meta.perPage} onChange={setPage} />}
            </div>
          )}
        </>
      )}
    </Card>
  )
}
