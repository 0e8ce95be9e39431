import { itemCount } from '../../lib/item-count'
import type { ReactNode } from 'react'
import { formatINR } from '../../../common/money'
import { errorText } from '../../lib/error-text'
import { Link, useSearchParams } from '../../lib/router'
import { buttonClasses } from '../../ui/button'
import { Pagination } from '../../ui/pagination'
import { EmptyState } from '../../ui/empty-state'
import { LoadFailed } from '../../ui/load-failed'
import { formatOrderDate, shownStatus } from '../../lib/order-text'
import { useOrders } from './api'
import { StatusBadge } from './order-parts'

/** /account/orders: newest first, paginated by the server (the route puts it in the account's frame). */
export function OrdersList() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const q = useOrders(page)
  let body: ReactNode
  if (q.isError) body = <LoadFailed message={errorText(q.error)} onRetry={() => q.refetch()} />
  else if (!q.data) body = <p className="text-sm text-muted">Loading your orders…</p>
  else if (q.data.total === 0) {
    body = (
      <EmptyState
        title="No orders yet"
        action={
          <Link to="/products" className={buttonClasses()}>
            Start shopping
          </Link>
        }
      >
        When you place an order, you can follow it here.
      </EmptyState>
    )
  } else {
    const data = q.data
    const perPage = Math.max(data.orders.length, Math.ceil(data.total / Math.max(1, data.pages)))
    body = (
      <>
        <ul className="space-y-2">
          {data.orders.map((o) => (
            <li key={o.id}>
              <Link
                to={`/account/orders/${o.id}`}
                aria-label={`Order ${o.order_number}`}
                data-testid="order-row"
                className="flex items-center justify-between gap-3 rounded-lg border border-border bg-surface p-3 hover:border-primary sm:p-4"
              >
                <span className="min-w-0">
                  <span className="block font-semibold">{o.order_number}</span>
                  <span className="block text-xs text-muted">
                    {formatOrderDate(o.created_at)} · {itemCount(o.items)}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold">{formatINR(o.total)}</span>
                  <StatusBadge status={shownStatus(o)} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {data.pages > 1 && (
          <Pagination
            className="mt-4"
            page={data.page}
            total={data.total}
            perPage={perPage}
            onChange={(p) => setParams(new URLSearchParams(p > 1 ? { page: String(p) } : {}))}
          />
        )}
      </>
    )
  }
  return body
}
