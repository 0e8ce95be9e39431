import { type FormEvent, useState } from 'react'
import { STOCK_REASON_LABELS, type StockMoveEntry, type StockRow } from '../../../../common/contracts/admin-stock'
import { cn } from '../../../lib/cn'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { Drawer } from '../../../ui/drawer'
import { Pagination } from '../../../ui/pagination'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { useSetThreshold, useStockHistory } from './api'
import { StockBatches } from './stock-batches'

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  )
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

function Change({ entry }: { entry: StockMoveEntry }) {
  const parts = []
  if (entry.on_hand_change)
    parts.push(
      <span key="o" className={entry.on_hand_change > 0 ? 'text-success' : 'text-danger'}>
        {signed(entry.on_hand_change)} on hand
      </span>,
    )
  if (entry.reserved_change)
    parts.push(
      <span key="r" className="text-muted">
        {signed(entry.reserved_change)} reserved
      </span>,
    )
  return <span className="flex flex-col tabular-nums">{parts}</span>
}

/** A pack's stock ledger, newest first: every change with its reason, who made it (or which order), and the figures after. */
export function StockHistoryDrawer({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const [open, setOpen] = useState(true)
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<5 | 10 | 20 | 50 | 100>(20)
  const [onlyHere, setOnlyHere] = useState(true)
  const history = useStockHistory(row.pack_id, { page, perPage, sort: '-at', warehouse_id: onlyHere ? row.warehouse_id : undefined })
  const data = history.data

  return (
    <Drawer open={open} onClose={onClose} width={720} title={`${row.product_name} · ${row.pack_name}`}>
      <div className="flex flex-col gap-4 p-4">
        <Threshold packId={row.pack_id} current={data?.pack.low_stock_threshold ?? row.low_stock_threshold} />
        <StockBatches packId={row.pack_id} warehouseId={row.warehouse_id} />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyHere}
            onChange={(e) => {
              setOnlyHere(e.target.checked)
              setPage(1)
            }}
          />
          Only {row.warehouse_name}
        </label>
        {history.isPending && (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the history" className="size-6 text-primary" />
          </div>
        )}
        {history.error && (
          <p role="alert" className="text-sm text-danger">
            {errorText(history.error)}
          </p>
        )}
        {data && data.data.length === 0 && <p className="text-sm text-muted">No changes yet.</p>}
        {data && data.data.length > 0 && (
          <table className={cn('w-full text-sm', history.isPlaceholderData && 'opacity-60')}>
            <caption className="sr-only">Stock history</caption>
            <thead className="text-left text-xs uppercase text-muted">
              <tr>
                <th className="py-2 pr-2 font-semibold">When</th>
                <th className="pr-2 font-semibold">Why</th>
                <th className="pr-2 text-right font-semibold">Change</th>
                <th className="pr-2 text-right font-semibold">After</th>
                <th className="font-semibold">By</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((e) => (
                <tr key={e.id} className="border-t border-border align-top">
                  <td className="py-2 pr-2 whitespace-nowrap">
                    {when(e.at)}
                    {!onlyHere && <div className="text-xs text-muted">{e.warehouse_name}</div>}
                  </td>
                  <td className="py-2 pr-2">
                    {STOCK_REASON_LABELS[e.reason] ?? e.reason}
                    {e.note && <div className="text-xs text-muted">{e.note}</div>}
                  </td>
                  <td className="py-2 pr-2 text-right">
                    <Change entry={e} />
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums whitespace-nowrap">
                    {e.on_hand_after} on hand<div className="text-xs text-muted">{e.reserved_after} reserved</div>
                  </td>
                  <td className="py-2">{e.order ? `Order ${e.order.order_number}` : (e.user?.name ?? 'System')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && data.meta.total > 0 && (
          <Pagination
            page={page}
            total={data.meta.total}
            perPage={perPage}
            onChange={setPage}
            onPerPageChange={(n) => {
              setPerPage(n as typeof perPage)
              setPage(1)
            }}
          />
        )}
        <div>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
        </div>
      </div>
    </Drawer>
  )
}

/** The pack's low-stock mark (shared by its warehouses); empty goes back to the default. */
function Threshold({ packId, current }: { packId: number; current: number }) {
  const [value, setValue] = useState(String(current))
  const [error, setError] = useState<string | null>(null)
  const save = useSetThreshold()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const n = Number(value)
    if (value.trim() !== '' && (!Number.isInteger(n) || n < 0)) return setError('Enter a whole number, 0 or more')
    setError(null)
    save.mutate(
      { packId, value: value.trim() === '' ? null : n },
      {
        onSuccess: (r) => {
          setValue(String(r.low_stock_threshold))
          toast.success(`Low stock from ${r.low_stock_threshold} available`)
        },
        onError: (err) => setError(Object.values(fieldErrors(err))[0] ?? errorText(err)),
      },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2 rounded-md border border-border p-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Low stock at
        <input
          inputMode="numeric"
          className="h-9 w-24 rounded-md border border-border bg-surface px-2 text-right"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Save
      </Button>
      <p className="basis-full text-xs text-muted">A warehouse with this many or fewer available shows as low. Empty: the default.</p>
      {error && (
        <p role="alert" className="basis-full text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  )
}
