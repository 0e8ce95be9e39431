import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { getAdminOrder, listAdminOrders } from '../../../common/contracts/admin-orders'
import type { OrderDetail } from '../../../common/contracts/orders'
import { createReturn, previewReturn, type ReturnAnswer } from '../../../common/contracts/pos'
import { useApi } from '../../lib/api-context'
import { registerChoice } from './pos-store'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { Modal } from '../../ui/modal'
import { rupees, toPaise } from './cart-maths'

const REFUND_WORDS = { cash: 'in cash from the drawer', upi: 'by UPI', card: 'to the card on the terminal', khata: 'off their khata' } as const

const registerOf = () => {
  const register_id = registerChoice.get()
  return register_id ? { register_id } : {}
}

/** Goods brought back against a receipt: the whole receipt or some lines, refunded in cash or the way it was paid. */
export function ReturnsDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const api = useApi()
  const [number, setNumber] = useState('')
  const [order, setOrder] = useState<OrderDetail | null>(null)
  const [qty, setQty] = useState<Record<number, number>>({})
  const [method, setMethod] = useState<'cash' | 'original'>('cash')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<ReturnAnswer | null>(null)

  const reset = () => {
    setOrder(null)
    setQty({})
    setDone(null)
    setError(null)
  }
  const find = async (e: FormEvent) => {
    e.preventDefault()
    reset()
    setBusy(true)
    try {
      const list = await api.call(listAdminOrders, { query: { q: number.trim(), channel: 'pos', perPage: 5 } })
      const row = list.data.find((o) => o.order_number.toLowerCase() === number.trim().toLowerCase())
      if (!row) {
        setError(`No counter sale has the receipt number ${number.trim()}`)
        return
      }
      const detail = await api.call(getAdminOrder, { params: { id: row.id } })
      setOrder(detail)
      // nothing comes back until the cashier says so: one tap must never refund a whole bill
      setQty({})
    } catch (err) {
      setError(errorText(err))
    } finally {
      setBusy(false)
    }
  }
  const lines = order ? order.lines.filter((l) => (qty[l.pack_id] ?? 0) > 0).map((l) => ({ pack_id: l.pack_id, quantity: qty[l.pack_id] })) : []
  const whole = order?.lines.every((l) => (qty[l.pack_id] ?? 0) === l.quantity)
  const body = order && { order_number: order.order_number, refund_method: method, ...(whole ? {} : { lines }), ...registerOf() }
  // what the refund comes to, from the server's own sums (line discounts, the bill's discount, how it was paid)
  const preview = useQuery({
    queryKey: ['pos', 'return-preview', body],
    queryFn: () => api.call(previewReturn, { body: body! }),
    enabled: body !== null && lines.length > 0,
    retry: false,
  })
  const amount = preview.data ? rupees(toPaise(preview.data.refund_total)) : null
  const submit = async () => {
    if (!order || !body) return
    if (lines.length === 0) return setError('Choose what comes back')
    if (!preview.data) return
    const taken = order.lines
      .filter((l) => (qty[l.pack_id] ?? 0) > 0)
      .map((l) => `${qty[l.pack_id]} × ${l.name} (${l.pack})`)
      .join(', ')
    const paid = preview.data.refunds.map((r) => `${rupees(toPaise(r.amount))} ${REFUND_WORDS[r.method]}`).join(' and ')
    const yes = await confirm({
      title: `Refund ${amount}?`,
      message: `Take back ${taken} from ${order.order_number} and refund ${paid}. The goods go back into stock.`,
      confirmText: `Refund ${amount}`,
      danger: true,
    })
    if (!yes) return
    setBusy(true)
    setError(null)
    try {
      const answer = await api.call(createReturn, { body })
      setDone(answer)
      onDone()
    } catch (err) {
      const f = fieldErrors(err)
      setError(Object.values(f)[0] ?? errorText(err))
    } finally {
      setBusy(false)
    }
  }
  const close = () => {
    reset()
    setNumber('')
    onClose()
  }
  return (
    <Modal open={open} onClose={close} title="Return against a receipt" width={640}>
      {done ? (
        <div className="flex flex-col gap-3" role="status">
          <p className="text-lg font-semibold">
            Refund {rupees(toPaise(done.refund_total))} for {done.order_number}
          </p>
          <ul className="text-sm">
            {done.refunds.map((r) => (
              <li key={r.method}>
                {r.method === 'cash' ? 'Give back in cash' : r.method === 'upi' ? 'Refund by UPI' : 'Refund to the card on the terminal'}:{' '}
                {rupees(toPaise(r.amount))}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">The goods are back in stock.</p>
          <Button size="lg" onClick={close}>
            Done
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <form onSubmit={find} className="flex items-end gap-2" aria-label="Find the receipt">
            <TextField label="Receipt number" value={number} onChange={(e) => setNumber(e.target.value)} className="flex-1" autoFocus />
            <Button type="submit" size="lg" variant="outline" loading={busy && !order}>
              Find
            </Button>
          </form>
          <FormAlert message={error} />
          {order && (
            <>
              <div className="flex items-center justify-between">
                <p className="font-semibold">{order.order_number}: what comes back</p>
                <Button size="sm" variant="outline" onClick={() => setQty(Object.fromEntries(order.lines.map((l) => [l.pack_id, l.quantity])))}>
                  Everything
                </Button>
              </div>
              <table className="w-full text-sm">
                <caption className="sr-only">{order.order_number}: units coming back per line</caption>
                <tbody>
                  {order.lines.map((l) => (
                    <tr key={l.pack_id} className="border-b border-border">
                      <td className="py-2">
                        {l.name} ({l.pack}) <span className="text-muted">× {l.quantity} sold</span>
                      </td>
                      <td className="py-2 text-right">
                        <input
                          type="number"
                          min={0}
                          max={l.quantity}
                          aria-label={`Units of ${l.name} (${l.pack}) coming back`}
                          value={qty[l.pack_id] ?? 0}
                          onChange={(e) => setQty({ ...qty, [l.pack_id]: Math.max(0, Math.min(l.quantity, Number(e.target.value) || 0)) })}
                          className="h-11 w-20 rounded-md border border-border px-2 text-right"
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <fieldset className="grid grid-cols-2 gap-2">
                <legend className="mb-1 text-sm font-medium">Refund</legend>
                {(
                  [
                    ['cash', 'In cash'],
                    ['original', 'The way it was paid'],
                  ] as const
                ).map(([m, label]) => (
                  <label
                    key={m}
                    className={cn(
                      'flex h-12 cursor-pointer items-center justify-center rounded-md border',
                      method === m ? 'border-primary bg-primary/10 font-semibold' : 'border-border',
                    )}
                  >
                    <input type="radio" name="refund" value={m} checked={method === m} onChange={() => setMethod(m)} className="sr-only" />
                    {label}
                  </label>
                ))}
              </fieldset>
              <FormAlert message={preview.isError ? errorText(preview.error) : null} />
              <Button size="lg" onClick={submit} loading={busy} disabled={lines.length === 0 || !preview.data}>
                {lines.length === 0
                  ? 'Choose what comes back'
                  : preview.data
                    ? `Refund ${amount} ${method === 'cash' ? 'in cash' : 'the way it was paid'}`
                    : 'Working out the refund…'}
              </Button>
            </>
          )}
        </div>
      )}
    </Modal>
  )
}
