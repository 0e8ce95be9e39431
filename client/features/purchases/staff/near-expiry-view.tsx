import { useState } from 'react'
import { NEAR_EXPIRY_DAYS, type NearExpiryRow } from '../../../../common/contracts/admin-purchases'
import { formatINR } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { PageHeader } from '../../../staff/ui/page-header'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { toast } from '../../../ui/toast'
import { useMarkDown, useNearExpiry, useWriteOff } from './api'
import { ReturnDialog } from './return-dialog'

type Days = (typeof NEAR_EXPIRY_DAYS)[number]
const rupees = (r: number) => formatINR(Math.round(r * 100))

/** Batches expiring within 7, 15 or 30 days (expired first): write one off as expired, or mark its pack down. */
export function NearExpiryView() {
  const [days, setDays] = useState<Days>(15)
  const list = useNearExpiry(days)
  const writeOff = useWriteOff()
  const [marking, setMarking] = useState<NearExpiryRow | null>(null)
  const [returning, setReturning] = useState<NearExpiryRow | null>(null)
  const rows = list.data?.data ?? []
  return (
    <>
      <PageHeader
        title="Near expiry"
        description="Stock that expires soon, by batch. Mark a pack down to sell it in time, return a batch to its supplier (a debit note), or write an expired batch off (it leaves stock with the reason Expired)."
      />
      <div role="tablist" aria-label="Expiring within" className="mb-4 flex gap-2">
        {NEAR_EXPIRY_DAYS.map((d) => (
          <Button key={d} role="tab" aria-selected={d === days} variant={d === days ? 'primary' : 'outline'} size="sm" onClick={() => setDays(d)}>
            {d} days
          </Button>
        ))}
      </div>
      {list.error && <p className="text-danger">{errorText(list.error)}</p>}
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className="w-full text-sm" aria-label={`Batches expiring within ${days} days`}>
          <thead>
            <tr className="text-left text-muted">
              <th className="p-2">Product</th>
              <th className="p-2">Warehouse</th>
              <th className="p-2">Batch</th>
              <th className="p-2">Expiry</th>
              <th className="p-2 text-right">Units</th>
              <th className="p-2 text-right">Cost</th>
              <th className="p-2 text-right">Price / MRP</th>
              <th className="p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {!list.isLoading && rows.length === 0 && (
              <tr>
                <td colSpan={8} className="p-6 text-center text-muted">
                  Nothing expires within {days} days.
                </td>
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-border">
                <td className="p-2 font-medium">
                  {r.product_name}, {r.pack_name}
                </td>
                <td className="p-2">{r.warehouse_name}</td>
                <td className="p-2">{r.batch}</td>
                <td className={`p-2 ${r.expired ? 'font-semibold text-danger' : ''}`}>
                  {r.expiry} · {r.expired ? `expired ${-r.days_left} d ago` : r.days_left === 0 ? 'today' : `${r.days_left} d left`}
                </td>
                <td className="p-2 text-right tabular-nums">{r.quantity}</td>
                <td className="p-2 text-right tabular-nums">{r.cost_price === null ? '—' : rupees(r.cost_price)}</td>
                <td className="p-2 text-right tabular-nums">
                  {rupees(r.price)} / {rupees(r.act_price)}
                </td>
                <td className="flex justify-end gap-2 p-2">
                  {!r.expired && (
                    <Button size="sm" variant="outline" onClick={() => setMarking(r)}>
                      Mark down
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => setReturning(r)}>
                    Return to supplier
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={writeOff.isPending && writeOff.variables === r.id}
                    onClick={() =>
                      writeOff.mutate(r.id, {
                        onSuccess: (w) => toast.success(`${w.written_off} of ${r.product_name} written off`),
                        onError: (e) => toast.error(errorText(e)),
                      })
                    }
                  >
                    Write off
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MarkDownDialog row={marking} onClose={() => setMarking(null)} />
      <ReturnDialog row={returning} onClose={() => setReturning(null)} />
    </>
  )
}

function MarkDownDialog({ row, onClose }: { row: NearExpiryRow | null; onClose: () => void }) {
  const markDown = useMarkDown()
  const [price, setPrice] = useState('')
  const [error, setError] = useState<string | undefined>()
  if (!row) return null
  const save = () =>
    markDown.mutate(
      { packId: row.pack_id, price: Number(price) },
      {
        onSuccess: (p) => {
          toast.success(`${row.product_name} now sells at ${rupees(p.price)}`)
          setPrice('')
          onClose()
        },
        onError: (e) => setError(errorText(e)),
      },
    )
  return (
    <Modal
      open
      onClose={onClose}
      title={`Mark down ${row.product_name}, ${row.pack_name}`}
      description={`Now ${rupees(row.price)} (MRP ${rupees(row.act_price)}). The store shows the new price at once.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={markDown.isPending}>
            Set price
          </Button>
        </>
      }
    >
      <TextField label="New price (₹)" inputMode="decimal" autoFocus value={price} onChange={(e) => setPrice(e.target.value)} error={error} />
    </Modal>
  )
}
