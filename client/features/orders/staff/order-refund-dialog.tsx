import { useState } from 'react'
import type { AdminOrderDetail, RefundableMoney } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { TextareaField } from '../../../ui/textarea-field'
import { toast } from '../../../ui/toast'
import { METHOD_LABELS } from '../../../staff/ui/order-status'
import { useRefundOrder } from './api'
import { paiseOf } from './rupees'

type Mode = 'lines' | 'amount'

/**
 * Staff give money back on a paid order (docs/decisions/0018 "Refunds"): units per line, or an amount, and why.
 * The most that can be refunded is shown; the refund is sent only after a second look at what goes where.
 */
export function RefundDialog({ order, money, onClose }: { order: AdminOrderDetail; money: RefundableMoney; onClose: () => void }) {
  const refund = useRefundOrder()
  const [mode, setMode] = useState<Mode>('lines')
  const [units, setUnits] = useState<Record<number, string>>({})
  const [amountText, setAmountText] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [reviewing, setReviewing] = useState(false)
  const cash = money.source === 'cash'
  const where = cash ? 'given back in cash (recorded now)' : `refunded to the shopper’s ${METHOD_LABELS[order.payment_method] ?? order.payment_method} payment`

  const refundable = new Map(money.lines.map((l) => [l.id, l]))
  const chosen = order.lines.map((l) => ({ line: l, units: Number(units[l.id] || 0), per: refundable.get(l.id) })).filter((c) => c.units > 0 && c.per)
  const linesAmount = chosen.reduce((sum, c) => sum + c.units * c.per!.unit_amount, 0)
  const asked = mode === 'lines' ? linesAmount : (paiseOf(amountText) ?? 0)

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {}
    if (mode === 'lines') {
      if (chosen.length === 0) found.lines = 'Choose how many units of which lines to refund'
      for (const l of order.lines) {
        const n = Number(units[l.id] || 0)
        const most = refundable.get(l.id)?.units ?? 0
        if (!Number.isInteger(n) || n < 0) found[`line.${l.id}`] = 'Whole units'
        else if (n > most) found[`line.${l.id}`] = `At most ${most}`
      }
    } else if (paiseOf(amountText) === null) found.amount = 'Enter an amount in rupees, e.g. 120 or 120.50'
    else if (asked < 100) found.amount = 'A refund is at least ₹1'
    if (asked > money.left) found[mode === 'lines' ? 'lines' : 'amount'] = `At most ${formatINR(money.left)} can be refunded`
    if (!reason.trim()) found.reason = 'Say why the money goes back'
    return found
  }

  const review = () => {
    const found = check()
    setErrors(found)
    if (Object.keys(found).length === 0) setReviewing(true)
  }

  const send = async () => {
    const body =
      mode === 'lines' ? { lines: chosen.map((c) => ({ id: c.line.id, quantity: c.units })), reason: reason.trim() } : { amount: asked, reason: reason.trim() }
    try {
      await refund.mutateAsync({ id: order.id, body })
      toast.success(cash ? `${formatINR(asked)} recorded as given back in cash` : `Refund of ${formatINR(asked)} started`)
      onClose()
    } catch (err) {
      // The server's own messages, on the fields they name (lines.0.quantity is the first chosen line's)
      const server = fieldErrors(err)
      const mapped: Record<string, string> = {}
      for (const [key, message] of Object.entries(server)) {
        const m = /^lines\.(\d+)\./.exec(key)
        if (m && chosen[Number(m[1])]) mapped[`line.${chosen[Number(m[1])].line.id}`] = message
        else mapped[key.startsWith('lines') ? 'lines' : key] = message
      }
      if (Object.keys(mapped).length === 0) toast.fromError(err)
      setErrors(mapped)
      setReviewing(false)
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      width={560}
      title={reviewing ? `Refund ${formatINR(asked)}?` : `Refund order ${order.order_number}`}
      description={
        reviewing
          ? `${formatINR(asked)} is ${where}. The shopper is told. This cannot be undone.`
          : `Paid ${formatINR(money.paid)}. Up to ${formatINR(money.left)} can be refunded.`
      }
      footer={
        reviewing ? (
          <>
            <Button variant="outline" onClick={() => setReviewing(false)} disabled={refund.isPending}>
              Back
            </Button>
            <Button variant="danger" loading={refund.isPending} onClick={() => void send()}>
              Refund {formatINR(asked)}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button onClick={review} disabled={asked <= 0}>
              Review refund{asked > 0 ? ` of ${formatINR(asked)}` : ''}
            </Button>
          </>
        )
      }
    >
      {reviewing ? (
        <div className="space-y-2 text-sm">
          {mode === 'lines' ? (
            <ul className="divide-y divide-border rounded-md border border-border">
              {chosen.map((c) => (
                <li key={c.line.id} className="flex justify-between gap-2 px-3 py-2">
                  <span>
                    {c.units} × {c.line.name} <span className="text-muted">({c.line.pack})</span>
                  </span>
                  <span className="tabular-nums">{formatINR(c.units * c.per!.unit_amount)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p>An amount of {formatINR(asked)}.</p>
          )}
          <p className="text-muted">Reason: {reason.trim()}</p>
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="sr-only">Refund by</legend>
            <div className="inline-flex rounded-md border border-border p-0.5" role="radiogroup" aria-label="Refund by">
              {(['lines', 'amount'] as const).map((m) => (
                <label
                  key={m}
                  className={`cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${mode === m ? 'bg-primary text-on-primary' : 'text-muted'}`}
                >
                  <input type="radio" name="refund-by" value={m} checked={mode === m} onChange={() => setMode(m)} className="sr-only" />
                  {m === 'lines' ? 'Items' : 'An amount'}
                </label>
              ))}
            </div>
          </fieldset>
          {mode === 'lines' ? (
            <div>
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-xs text-muted">
                    <th className="py-1 font-medium">Item</th>
                    <th className="w-24 py-1 text-right font-medium">Units</th>
                    <th className="w-24 py-1 text-right font-medium">Refund</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {order.lines.map((l) => {
                    const per = refundable.get(l.id)
                    const most = per?.units ?? 0
                    const n = Number(units[l.id] || 0)
                    const error = errors[`line.${l.id}`]
                    return (
                      <tr key={l.id}>
                        <td className="py-2 pr-2">
                          <p className="font-medium">{l.name}</p>
                          <p className="text-xs text-muted">
                            {l.pack} · {per ? `${formatINR(per.unit_amount)} a unit` : ''}
                            {most < l.quantity && ` · ${l.quantity - most} refunded already`}
                          </p>
                        </td>
                        <td className="py-2 text-right">
                          <TextField
                            aria-label={`Units of ${l.name} ${l.pack} to refund, at most ${most}`}
                            type="number"
                            min={0}
                            max={most}
                            step={1}
                            inputMode="numeric"
                            disabled={most === 0}
                            value={units[l.id] ?? ''}
                            placeholder="0"
                            error={error}
                            onChange={(e) => setUnits({ ...units, [l.id]: e.target.value })}
                            className="ml-auto w-20"
                          />
                          <p className="mt-0.5 text-xs text-muted">of {most}</p>
                        </td>
                        <td className="py-2 text-right tabular-nums">{n > 0 && per ? formatINR(n * per.unit_amount) : '—'}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
              {order.charges.discount > 0 && <p className="mt-2 text-xs text-muted">Unit amounts are less each item’s share of the coupon discount.</p>}
              {errors.lines && (
                <p role="alert" className="mt-2 text-sm text-danger">
                  {errors.lines}
                </p>
              )}
            </div>
          ) : (
            <TextField
              label="Amount (₹)"
              inputMode="decimal"
              value={amountText}
              error={errors.amount}
              hint={`At most ${formatINR(money.left)}`}
              onChange={(e) => setAmountText(e.target.value)}
              placeholder="0.00"
            />
          )}
          <TextareaField
            label="Reason"
            required
            rows={2}
            maxLength={300}
            value={reason}
            error={errors.reason}
            hint="For the staff and the audit log; the shopper sees only the amount."
            onChange={(e) => setReason(e.target.value)}
          />
          <p className="flex justify-between border-t border-border pt-3 text-sm font-semibold">
            <span>Refund</span>
            <span className="tabular-nums" data-testid="refund-total">
              {formatINR(asked)}
            </span>
          </p>
        </div>
      )}
    </Modal>
  )
}
