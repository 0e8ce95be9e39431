import { useState } from 'react'
import type { AdminOrderDetail, MoveOrderInput, PaidAtDoor } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { radioCard } from '../../../ui/radio-card'
import type { Submit } from './order-move-dialogs'
import { paiseOf } from './rupees'

type DoorBody = Pick<MoveOrderInput, 'paid_at_door' | 'cash_collected' | 'upi_collected'>

const CHOICES: { how: PaidAtDoor; label: string; hint: (total: string) => string }[] = [
  { how: 'cash', label: 'Paid in cash', hint: (t) => `${t} in cash` },
  { how: 'upi', label: 'Paid by UPI', hint: (t) => `${t} to the shop’s UPI` },
  { how: 'part', label: 'Part paid', hint: () => 'Some in cash and / or UPI; the rest stays due' },
  { how: 'nothing', label: 'Nothing paid', hint: (t) => `All ${t} stays due` },
]

/**
 * Marking a cash-on-delivery order delivered asks how the money came at the door (docs/decisions/0018 "Delivered"):
 * all in cash, all by UPI, part of it (what is left stays due) or nothing; what is still due is shown as it is typed.
 */
export function DeliveredDialog({ order, onClose, onDeliver }: { order: AdminOrderDetail; onClose: () => void; onDeliver: Submit<DoorBody> }) {
  const [how, setHow] = useState<PaidAtDoor>('cash')
  const [cashText, setCashText] = useState('')
  const [upiText, setUpiText] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const total = formatINR(order.total)
  const cash = cashText.trim() ? paiseOf(cashText) : 0
  const upi = upiText.trim() ? paiseOf(upiText) : 0
  const due = how === 'nothing' ? order.total : how === 'part' ? Math.max(0, order.total - (cash ?? 0) - (upi ?? 0)) : 0

  const check = (): Record<string, string> => {
    if (how !== 'part') return {}
    const found: Record<string, string> = {}
    if (cash === null) found.cash_collected = 'Enter the cash in rupees, e.g. 200 or 200.50'
    if (upi === null) found.upi_collected = 'Enter the UPI amount in rupees, e.g. 200 or 200.50'
    if (cash !== null && upi !== null) {
      if (cash + upi === 0) found.cash_collected = 'Enter the cash or the UPI taken, or choose “Nothing paid”'
      else if (cash + upi >= order.total) found.cash_collected = `Cash and UPI together must be less than ${total}; else choose how it was paid in full`
    }
    return found
  }

  const body = (): DoorBody => {
    if (how === 'cash') return { paid_at_door: 'cash', cash_collected: order.total }
    if (how === 'upi') return { paid_at_door: 'upi', upi_collected: order.total }
    if (how === 'nothing') return { paid_at_door: 'nothing' }
    return { paid_at_door: 'part', cash_collected: cash ?? 0, upi_collected: upi ?? 0 }
  }

  const submit = async () => {
    const found = check()
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    const server = await onDeliver(body())
    setBusy(false)
    setErrors(server)
  }

  const doneText = how === 'cash' ? `Delivered, ${total} in cash` : how === 'upi' ? `Delivered, ${total} by UPI` : 'Mark delivered'
  return (
    <Modal
      open
      onClose={onClose}
      title={`Deliver ${order.order_number}`}
      description={`Cash on delivery: ${total} to take at the door. How did the money come?`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Not yet
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {doneText}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">How the money came at the door</legend>
        {CHOICES.map((c) => (
          <label key={c.how} className={radioCard(how === c.how)}>
            <input type="radio" name="paid_at_door" className="mt-1 accent-primary" checked={how === c.how} onChange={() => setHow(c.how)} />
            <span>
              <span className="block font-medium">{c.label}</span>
              <span className="block text-muted">{c.hint(total)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {how === 'part' && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField label="Cash taken (₹)" inputMode="decimal" value={cashText} error={errors.cash_collected} onChange={(e) => setCashText(e.target.value)} />
          <TextField label="UPI taken (₹)" inputMode="decimal" value={upiText} error={errors.upi_collected} onChange={(e) => setUpiText(e.target.value)} />
        </div>
      )}
      {how !== 'part' && (errors.cash_collected || errors.upi_collected || errors.paid_at_door) && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errors.cash_collected ?? errors.upi_collected ?? errors.paid_at_door}
        </p>
      )}
      <p className="mt-4 flex justify-between border-t border-border pt-3 text-sm font-semibold" aria-live="polite">
        <span>Still due from the shopper</span>
        <span className={due > 0 ? 'text-danger tabular-nums' : 'tabular-nums'}>{formatINR(due)}</span>
      </p>
    </Modal>
  )
}
