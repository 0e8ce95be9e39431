import { useState } from 'react'
import type { AdminOrderDetail } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { TextareaField } from '../../../ui/textarea-field'

/** A move that asks for more: it answers the field errors the server gave (none when done). */
export type Submit<T> = (value: T) => Promise<Record<string, string>>

/** Cancelling asks why. */
export function CancelDialog({ order, onClose, onCancel }: { order: AdminOrderDetail; onClose: () => void; onCancel: Submit<string> }) {
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const paid = order.payment_status === 'paid'
  const submit = async () => {
    if (!note.trim()) return setError('Say why the order is cancelled')
    setBusy(true)
    const errors = await onCancel(note.trim())
    setBusy(false)
    setError(errors.note)
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Cancel order ${order.order_number}?`}
      description={
        paid
          ? `Its items go back to stock and ${formatINR(order.total)} is refunded to the shopper's original payment method. The shopper is told.`
          : 'Its items go back to stock. The shopper is told.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep the order
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void submit()}>
            Cancel order
          </Button>
        </>
      }
    >
      <TextareaField label="Reason" required rows={3} value={note} error={error} onChange={(e) => setNote(e.target.value)} maxLength={300} />
    </Modal>
  )
}

/** Sending out asks who takes it. */
export function DispatchDialog({
  order,
  onClose,
  onSend,
}: {
  order: AdminOrderDetail
  onClose: () => void
  onSend: Submit<{ delivery_person_name?: string; delivery_person_phone?: string }>
}) {
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    setErrors(await onSend(name.trim() || phone.trim() ? { delivery_person_name: name.trim(), delivery_person_phone: phone.trim() } : {}))
    setBusy(false)
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Send ${order.order_number} out for delivery`}
      description="Who takes it? The shopper is told it is on its way."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Not yet
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            Send out
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <TextField label="Delivery person’s name" value={name} error={errors.delivery_person_name} onChange={(e) => setName(e.target.value)} maxLength={80} />
        <TextField
          label="Delivery person’s phone"
          inputMode="numeric"
          value={phone}
          error={errors.delivery_person_phone}
          onChange={(e) => setPhone(e.target.value)}
          maxLength={10}
        />
      </div>
    </Modal>
  )
}
