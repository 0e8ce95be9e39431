import { useState } from 'react'
import { GST_RATES } from '../../../../common/contracts/admin-catalogue'
import { PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUSES, type PurchaseOrderInput } from '../../../../common/contracts/admin-supplier-books'
import { formatINR, toPaise } from '../../../../common/money'
import { ApiError, errorText } from '../../../lib/error-text'
import { Link } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { PageHeader } from '../../../staff/ui/page-header'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { useAllSuppliers, useWarehouseList } from './api'
import { useCreatePurchaseOrder, useMovePurchaseOrder, usePurchaseOrders } from './books-api'
import { PackPicker, type PickedPack } from './pack-picker'

type Status = (typeof PURCHASE_ORDER_STATUSES)[number]
interface Line {
  pack_id: number
  label: string
  quantity: string
  cost_price: string
  gst_rate: string
}

/**
 * Purchase orders to suppliers (issue 33): a new one is a draft; sent, it waits for the supplier's bill, received
 * against it on the bill screen (its lines prefilled); part received until every unit came; or cancelled.
 */
export function PurchaseOrdersView() {
  const [status, setStatus] = useState<Status | undefined>(undefined)
  const [page, setPage] = useState(1)
  const list = usePurchaseOrders({ page, status })
  const move = useMovePurchaseOrder()
  const [creating, setCreating] = useState(false)
  const act = (id: number, to: 'send' | 'cancel', number: string) =>
    move.mutate(
      { id, to },
      { onSuccess: () => toast.success(`${number} ${to === 'send' ? 'sent' : 'cancelled'}`), onError: (err) => toast.error(errorText(err)) },
    )
  const rows = list.data?.data ?? []
  const pages = Math.max(1, Math.ceil((list.data?.meta.total ?? 0) / 20))
  return (
    <>
      <PageHeader
        title="Purchase orders"
        description="What you ordered from each supplier; receive its bill against the order and what is still to come is tracked."
        actions={!creating && <Button onClick={() => setCreating(true)}>New purchase order</Button>}
      />
      {creating && <NewOrder onDone={() => setCreating(false)} />}
      <div role="tablist" aria-label="Order status" className="mb-3 flex flex-wrap gap-2">
        {[undefined, ...PURCHASE_ORDER_STATUSES].map((s) => (
          <Button
            key={s ?? 'all'}
            role="tab"
            aria-selected={status === s}
            size="sm"
            variant={status === s ? 'primary' : 'outline'}
            onClick={() => {
              setStatus(s)
              setPage(1)
            }}
          >
            {s ? PURCHASE_ORDER_STATUS_LABELS[s] : 'All'}
          </Button>
        ))}
      </div>
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className="w-full text-sm" aria-label="Purchase orders">
          <thead>
            <tr className="text-left text-muted">
              <th className="p-2">Order</th>
              <th className="p-2">Supplier</th>
              <th className="p-2">Status</th>
              <th className="p-2 text-right">Total</th>
              <th className="p-2">Created</th>
              <th className="p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={6} className="p-4 text-center text-muted">
                  {list.isLoading ? 'Loading…' : 'No purchase orders here yet.'}
                </td>
              </tr>
            )}
            {rows.map((o) => (
              <tr key={o.id} className="border-t border-border">
                <td className="p-2 font-medium">{o.number}</td>
                <td className="p-2">{o.supplier_name}</td>
                <td className="p-2">{PURCHASE_ORDER_STATUS_LABELS[o.status]}</td>
                <td className="p-2 text-right tabular-nums">{formatINR(toPaise(o.total))}</td>
                <td className="p-2">{new Date(o.created_at).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })}</td>
                <td className="flex justify-end gap-2 p-2">
                  {o.status === 'draft' && (
                    <Button size="sm" onClick={() => act(o.id, 'send', o.number)} aria-label={`Send ${o.number}`}>
                      Send
                    </Button>
                  )}
                  {(o.status === 'sent' || o.status === 'part_received') && (
                    <Link
                      to={staffPath('/bos/admin/purchases', `order=${o.id}`)}
                      aria-label={`Receive ${o.number}`}
                      className="inline-flex h-8 items-center rounded-md bg-primary px-3 text-sm font-medium text-on-primary"
                    >
                      Receive
                    </Link>
                  )}
                  {o.status !== 'received' && o.status !== 'cancelled' && (
                    <Button size="sm" variant="outline" onClick={() => act(o.id, 'cancel', o.number)} aria-label={`Cancel ${o.number}`}>
                      Cancel
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="mt-3 flex justify-end gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </>
  )
}

function NewOrder({ onDone }: { onDone: () => void }) {
  const suppliers = useAllSuppliers()
  const warehouses = useWarehouseList()
  const create = useCreatePurchaseOrder()
  const [supplierId, setSupplierId] = useState('')
  const [warehouseId, setWarehouseId] = useState('')
  const [note, setNote] = useState('')
  const [lines, setLines] = useState<Line[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const add = (p: PickedPack) =>
    setLines((ls) =>
      ls.some((l) => l.pack_id === p.pack_id)
        ? ls
        : [...ls, { pack_id: p.pack_id, label: `${p.product_name}, ${p.pack_name}`, quantity: '1', cost_price: '', gst_rate: '5' }],
    )
  const change = (i: number, field: keyof Line, value: string) => setLines((ls) => ls.map((l, n) => (n === i ? { ...l, [field]: value } : l)))
  const total = lines.reduce((n, l) => n + Math.round(Number(l.quantity) * toPaise(Number(l.cost_price) || 0) * (1 + Number(l.gst_rate) / 100)), 0)
  const save = () => {
    setErrors({})
    setFormError(null)
    const body: PurchaseOrderInput = {
      supplier_id: Number(supplierId),
      warehouse_id: Number(warehouseId),
      note: note.trim(),
      lines: lines.map((l) => ({
        pack_id: l.pack_id,
        quantity: Number(l.quantity),
        cost_price: Number(l.cost_price),
        gst_rate: Number(l.gst_rate) as PurchaseOrderInput['lines'][number]['gst_rate'],
      })),
    }
    create.mutate(body, {
      onSuccess: (o) => {
        toast.success(`${o.number} saved as a draft`)
        onDone()
      },
      onError: (err) => {
        const b = err instanceof ApiError ? (err.body as { errors?: Record<string, string> }) : null
        if (b?.errors) setErrors(b.errors)
        setFormError(errorText(err))
      },
    })
  }
  return (
    <section aria-label="New purchase order" className="mb-6 flex flex-col gap-4 rounded-lg border border-border bg-surface p-4">
      <FormAlert message={formError} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Supplier"
          required
          value={supplierId}
          onChange={(e) => setSupplierId(e.target.value)}
          error={errors.supplier_id}
          options={(suppliers.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <SelectField
          label="Deliver to warehouse"
          required
          value={warehouseId}
          onChange={(e) => setWarehouseId(e.target.value)}
          error={errors.warehouse_id}
          options={(warehouses.data?.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
        />
        <TextField label="Note" placeholder="For the supplier" value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} />
      </div>
      <PackPicker warehouseId={warehouseId} onPick={add} />
      <table className="w-full text-sm" aria-label="Order lines">
        <thead>
          <tr className="text-left text-muted">
            <th className="p-2">Pack</th>
            <th className="p-2">Qty</th>
            <th className="p-2">Cost ₹</th>
            <th className="p-2">GST %</th>
            <th className="p-2">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={l.pack_id} className="border-t border-border">
              <td className="p-2 font-medium">{l.label}</td>
              {(['quantity', 'cost_price'] as const).map((f) => (
                <td key={f} className="p-1">
                  <input
                    aria-label={`${f === 'quantity' ? 'Qty' : 'Cost ₹'}, line ${i + 1}`}
                    aria-invalid={errors[`lines.${i}.${f}`] ? true : undefined}
                    title={errors[`lines.${i}.${f}`]}
                    inputMode="decimal"
                    className="h-9 w-24 rounded-md border border-border bg-surface px-2"
                    value={l[f]}
                    onChange={(e) => change(i, f, e.target.value)}
                  />
                  {errors[`lines.${i}.${f}`] && <p className="mt-1 text-xs text-danger">{errors[`lines.${i}.${f}`]}</p>}
                </td>
              ))}
              <td className="p-1">
                <select
                  aria-label={`GST %, line ${i + 1}`}
                  className="h-9 rounded-md border border-border bg-surface px-2"
                  value={l.gst_rate}
                  onChange={(e) => change(i, 'gst_rate', e.target.value)}
                >
                  {GST_RATES.map((r) => (
                    <option key={r} value={String(r)}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td className="p-1">
                <Button size="sm" variant="outline" aria-label={`Remove line ${i + 1}`} onClick={() => setLines((ls) => ls.filter((_, n) => n !== i))}>
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center justify-end gap-3 border-t border-border pt-4">
        <span className="mr-auto text-sm tabular-nums">Order total with GST: {formatINR(total)}</span>
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
        <Button onClick={save} loading={create.isPending} disabled={!lines.length || !supplierId || !warehouseId}>
          Save as draft
        </Button>
      </div>
    </section>
  )
}
