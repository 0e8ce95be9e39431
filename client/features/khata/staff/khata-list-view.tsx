import { useState } from 'react'
import { KHATA_SORTS, type KhataAgeing, type KhataListQuery, type KhataRow } from '../../../../common/contracts/khata'
import { formatINR, toPaise } from '../../../../common/money'
import { Link } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { PageHeader } from '../../../staff/ui/page-header'
import { LoadFailed } from '../../../ui/load-failed'
import { SearchField } from '../../../ui/search-field'
import { SelectField } from '../../../ui/select-field'
import { errorText } from '../../../lib/error-text'
import { useKhatas } from './khata-api'

const rupees = (r: number) => formatINR(toPaise(r))
const SORT_LABELS: Record<KhataListQuery['sort'], string> = {
  '-balance': 'Largest balance first',
  balance: 'Smallest balance first',
  '-oldest': 'Oldest dues first',
  oldest: 'Newest dues first',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-last_payment_at': 'Paid most recently',
  last_payment_at: 'Paid longest ago',
}
export const AGE_BUCKETS: [keyof KhataAgeing, string][] = [
  ['d0_30', '0–30 days'],
  ['d31_60', '31–60 days'],
  ['d61_90', '61–90 days'],
  ['d90_plus', '90+ days'],
]
const when = (at: string | null) => (at ? new Date(at).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }) : 'Never')

/** Every customer's khata: what each owes, how old it is, when they last paid; search by name or mobile. */
export function KhataListView() {
  const [q, setQ] = useState('')
  const [sort, setSort] = useState<KhataListQuery['sort']>('-balance')
  const list = useKhatas({ q: q || undefined, sort })
  const totals = list.data?.totals
  return (
    <>
      <PageHeader
        title="Khata"
        description="Credit given to regular customers: each one's balance, how old it is and when they last paid. Open a customer to set their limit, take a payment or print their statement."
      />
      {totals && (
        <dl className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-6" aria-label="Totals">
          <Figure label="Customers" value={String(totals.customers)} />
          <Figure label="Total owed" value={rupees(totals.balance)} strong />
          {AGE_BUCKETS.map(([k, label]) => (
            <Figure key={k} label={label} value={rupees(totals.ageing[k])} danger={k === 'd90_plus' && totals.ageing[k] > 0} />
          ))}
        </dl>
      )}
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchField
          aria-label="Search khata"
          autoFocusDelay={false}
          placeholder="Name or mobile"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="w-72"
        />
        <SelectField
          label="Sort"
          placeholder={null}
          value={sort}
          onChange={(e) => setSort(e.target.value as KhataListQuery['sort'])}
          options={KHATA_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          className="w-56"
        />
      </div>
      {list.error ? (
        <LoadFailed message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <KhataTable rows={list.data?.data} searching={Boolean(q)} />
      )}
    </>
  )
}

function Figure({ label, value, strong, danger }: { label: string; value: string; strong?: boolean; danger?: boolean }) {
  return (
    <div className="rounded-lg border border-border bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'text-lg font-bold' : 'font-semibold'} ${danger ? 'text-danger' : ''}`}>{value}</dd>
    </div>
  )
}

function KhataTable({ rows, searching }: { rows: KhataRow[] | undefined; searching: boolean }) {
  if (!rows) return <p className="text-muted">Loading…</p>
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-border bg-surface p-6 text-center text-muted">
        {searching
          ? 'No khata matches this name or mobile.'
          : 'No customer has a khata yet: open a customer and set a credit limit, or sell “On khata” at the counter.'}
      </p>
    )
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm">
        <thead className="bg-background text-left text-xs text-muted">
          <tr>
            <th className="p-2">Customer</th>
            <th className="p-2 text-right">Balance</th>
            <th className="hidden p-2 text-right md:table-cell">Limit</th>
            {AGE_BUCKETS.map(([k, label]) => (
              <th key={k} className="hidden p-2 text-right lg:table-cell">
                {label}
              </th>
            ))}
            <th className="hidden p-2 sm:table-cell">Last payment</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.user_id} className="border-t border-border">
              <td className="p-2">
                <Link to={staffPath('/bos/admin/khata/:id', { id: r.user_id })} className="font-medium hover:text-primary hover:underline">
                  {r.name}
                </Link>
                <span className="block text-xs text-muted">{r.phone ?? '—'}</span>
              </td>
              <td className="p-2 text-right font-semibold tabular-nums">{rupees(r.balance)}</td>
              <td className="hidden p-2 text-right tabular-nums md:table-cell">{rupees(r.credit_limit)}</td>
              {AGE_BUCKETS.map(([k]) => (
                <td key={k} className={`hidden p-2 text-right tabular-nums lg:table-cell ${k === 'd90_plus' && r.ageing[k] > 0 ? 'text-danger' : ''}`}>
                  {r.ageing[k] > 0 ? rupees(r.ageing[k]) : '—'}
                </td>
              ))}
              <td className="hidden p-2 sm:table-cell">
                {r.last_payment_at ? `${rupees(r.last_payment ?? 0)} · ${when(r.last_payment_at)}` : <span className="text-muted">Never</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
