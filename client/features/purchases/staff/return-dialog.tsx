import { useState } from 'react'
import type { NearExpiryRow } from '../../../../common/contracts/admin-purchases'
import { formatINR, toPaise } from '../../../../common/money'
import { ApiError, errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { useAllSuppliers } from './api'
import { useCreateDebitNote } from './books-api'

/** A near-expiry batch (or part of it) sent back to its supplier: a debit note, and the units leave stock. */
export function ReturnDialog({ row, onClose }: { row: NearExpiryRow | null; onClose: () => void }) {
  const suppliers = useAllSuppliers()
  const create = useCreateDebitNote()
  const [supplierId, setSupplierId] = useState('')
  const [quantity, setQuantity] = useState('')
  const [reason, setReason] = useState('Near expiry')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  if (!row) return null
  const free = row.quantity - row.reserved
  const save = () => {
    setErrors({})
    setFormError(null)
    create.mutate(
      { supplier_id: Number(supplierId), reason: reason.trim(), lines: [{ batch_id: row.id, quantity: Number(quantity || free) }] },
      {
        onSuccess: (n) => {
          toast.success(`Debit note ${n.number}: ${formatINR(toPaise(n.total))} back from ${n.supplier_name}`)
          onClose()
        },
        onError: (err) => {
          const b = err instanceof ApiError ? (err.body as { errors?: Record<string, string> }) : null
          if (b?.errors) setErrors(b.errors)
          setFormError(errorText(err))
        },
      },
    )
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Return ${row.product_name}, ${row.pack_name} to the supplier`}
      description={`Batch ${row.batch}: ${free} units no order holds. A debit note is made and the units leave stock.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={create.isPending} disabled={!supplierId}>
            Make debit note
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormAlert message={formError} />
        <SelectField
          label="Supplier"
          required
          value={supplierId}
          onChange={(e) => setSupplierId(e.target.value)}
          error={errors.supplier_id ?? errors['lines.0.batch_id']}
          options={(suppliers.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <TextField
          label="Units going back"
          inputMode="numeric"
          placeholder={String(free)}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={errors['lines.0.quantity']}
        />
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
      </div>
    </Modal>
  )
}
