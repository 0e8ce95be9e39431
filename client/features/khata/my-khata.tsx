import { useQuery } from '@tanstack/react-query'
import * as c from '../../../common/contracts/khata'
import { ApiError } from '../../lib/error-text'
import { useApi } from '../../lib/api-context'
import { Link } from '../../lib/router'
import { PayOnline } from './pay-online'
import { day, rupees, StatementTable } from './statement-table'

/** The shopper's own khata with this shop; null data when they have none (404). */
export function useMyKhata() {
  const api = useApi()
  return useQuery({
    queryKey: ['khata', 'mine'],
    queryFn: () => api.call(c.getMyKhata, {}).catch((err) => (err instanceof ApiError && err.status === 404 ? null : Promise.reject(err))),
  })
}

/** On the account's overview: what the shopper owes the shop, when they have a khata. */
export function KhataCard() {
  const { data } = useMyKhata()
  if (!data) return null
  return (
    <section aria-label="Your khata" className="mt-4 rounded-lg border border-border bg-surface p-4">
      <h2 className="font-semibold">Your khata with the shop</h2>
      <p className="mt-1">
        You owe <strong data-testid="my-khata-balance">{rupees(data.balance)}</strong>
        {data.credit_limit > 0 && <span className="text-muted"> · credit limit {rupees(data.credit_limit)}</span>}
      </p>
      <Link to="/account/khata" className="mt-2 inline-block text-sm text-primary underline">
        See the statement
      </Link>
    </section>
  )
}

/** The statement: every purchase on credit, payment and correction with the balance after it. */
export function MyKhataStatement() {
  const { data, isPending, error } = useMyKhata()
  if (isPending) return <p className="text-muted">Loading…</p>
  if (error) return <p role="alert">Your khata could not be loaded. Please try again.</p>
  if (!data) return <p className="text-muted">You have no khata (credit) with this shop. Ask at the counter if you would like one.</p>
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3 rounded-lg border border-border bg-surface p-4 tabular-nums">
        <div>
          <dt className="text-xs text-muted">You owe</dt>
          <dd className="text-xl font-bold" data-testid="my-khata-balance">
            {rupees(data.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Credit limit</dt>
          <dd>{rupees(data.credit_limit)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Last payment</dt>
          <dd>{data.last_payment_at ? day(data.last_payment_at) : 'None yet'}</dd>
        </div>
      </dl>
      {data.balance > 0 && <PayOnline balance={data.balance} />}
      <section aria-label="Statement" className="rounded-lg border border-border bg-surface p-4">
        <StatementTable entries={data.entries} />
      </section>
      <a className="self-start text-sm text-primary underline" href="/s/api/account/khata/statement.pdf" target="_blank" rel="noreferrer">
        Download the statement (PDF)
      </a>
    </div>
  )
}
