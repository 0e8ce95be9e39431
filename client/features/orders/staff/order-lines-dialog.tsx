import { useState } from 'react'
import type { AdminOrderDetail } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { Modal } from '../../../ui/modal'
import { TextareaField } from '../../../ui/textarea-field'
import { toast } from '../../../ui/toast'
import { useEditOrderLines } from './api'

/**
 * Before packing, staff take units out of an order (out of stock at the shelf): docs/decisions/0018 "Line edits".
 * Quantities only go down; the server works out the new total (coupon and delivery) and refunds or lowers the cash.
 */
export function EditLinesDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const edit = useEditOrderLines()
  const lines = order.lines.filter((l) => l.quantity > 0)
  const [wanted, setWanted] = useState<Record<number, number>>(() => Object.fromEntries(lines.map((l) => [l.id, l.quantity])))
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [reviewing, setReviewing] = useState(false)
  const changed = lines.filter((l) => wanted[l.id] !== l.quantity)
  const itemsOff = changed.reduce((sum, l) => sum + (l.quantity - wanted[l.id]) * l.price, 0)
  const cod = order.payment_method === 'cod'
  const set = (id: number, n: number, most: number) => setWanted({ ...wanted, [id]: Math.max(0, Math.min(most, n)) })

  const review = () => {
    const found: Record<string, string> = {}
    if (changed.length === 0) found.lines = 'Lower a quantity or remove a line'
    else if (lines.every((l) => wanted[l.id] === 0)) found.lines = 'Every line would go: cancel the order instead'
    if (!reason.trim()) found.reason = 'Say why the items change'
    setErrors(found)
    if (Object.keys(found).length === 0) setReviewing(true)
  }
  const send = async () => {
    try {
      await edit.mutateAsync({ id: order.id, body: { lines: changed.map((l) => ({ id: l.id, quantity: wanted[l.id] })), reason: reason.trim() } })
      toast.success(`Order ${order.order_number} changed; the shopper is told`)
      onClose()
    } catch (err) {
      const server = fieldErrors(err)
      if (Object.keys(server).length === 0) toast.fromError(err)
      setErrors(Object.fromEntries(Object.entries(server).map(([k, v]) => [k.startsWith('lines') ? 'lines' : k, v])))
      setReviewing(false)
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      width={560}
      title={reviewing ? `Change order ${order.order_number}?` : `Change items of ${order.order_number}`}
      description={
        reviewing
          ? `The units go back to stock and the shopper is told. ${cod ? 'The cash to collect goes down' : 'The difference is refunded to the shopper’s payment'} (the coupon discount shrinks with the items).`
          : 'Before packing: fewer units, or remove a line that is out of stock at the shelf.'
      }
      footer={
        reviewing ? (
          <>
            <Button variant="outline" onClick={() => setReviewing(false)} disabled={edit.isPending}>
              Back
            </Button>
            <Button variant="danger" loading={edit.isPending} onClick={() => void send()}>
              Change order
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button onClick={review}>Review changes</Button>
          </>
        )
      }
    >
      {reviewing ? (
        <div className="space-y-2 text-sm">
          <ul className="divide-y divide-border rounded-md border border-border">
            {changed.map((l) => (
              <li key={l.id} className="flex justify-between gap-2 px-3 py-2">
                <span>
                  {l.name} <span className="text-muted">({l.pack})</span>
                </span>
                <span className="tabular-nums">{wanted[l.id] === 0 ? 'Removed' : `${l.quantity} → ${wanted[l.id]}`}</span>
              </li>
            ))}
          </ul>
          <p>Items worth {formatINR(itemsOff)} come off the order, less their share of any coupon discount.</p>
          <p className="text-muted">Reason: {reason.trim()}</p>
        </div>
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-border text-sm" aria-label="Order lines">
            {lines.map((l) => {
              const n = wanted[l.id]
              return (
                <li key={l.id} className="flex items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{l.name}</p>
                    <p className="text-xs text-muted">
                      {l.pack} · {formatINR(l.price)} each · ordered {l.ordered_quantity ?? l.quantity}
                    </p>
                  </div>
                  <div className="flex items-center gap-1" role="group" aria-label={`Units of ${l.name} ${l.pack}`}>
                    <Button size="sm" variant="outline" aria-label={`One fewer ${l.name}`} disabled={n === 0} onClick={() => set(l.id, n - 1, l.quantity)}>
                      −
                    </Button>
                    <span className="w-8 text-center tabular-nums" aria-live="polite">
                      {n}
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`One more ${l.name}`}
                      disabled={n === l.quantity}
                      onClick={() => set(l.id, n + 1, l.quantity)}
                    >
                      +
                    </Button>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-danger"
                    disabled={n === 0}
                    aria-label={`Remove ${l.name} ${l.pack}`}
                    onClick={() => set(l.id, 0, l.quantity)}
                  >
                    Remove
                  </Button>
                </li>
              )
            })}
          </ul>
          {errors.lines && (
            <p role="alert" className="text-sm text-danger">
              {errors.lines}
            </p>
          )}
          <TextareaField label="Reason" required rows={2} maxLength={300} value={reason} error={errors.reason} onChange={(e) => setReason(e.target.value)} />
          <p className="flex justify-between border-t border-border pt-3 text-sm font-semibold">
            <span>Items coming off</span>
            <span className="tabular-nums">{formatINR(itemsOff)}</span>
          </p>
        </div>
      )}
    </Modal>
  )
}
