import { useState } from 'react'
import { SUPPLIER_PAYMENT_METHODS } from '../../../../common/contracts/admin-supplier-books'
import { formatINR, toPaise } from '../../../../common/money'
import { ApiError, errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { usePaySupplier, useSupplierKhata } from './books-api'

const KIND = { purchase: 'Bill', payment: 'Payment made', debit_note: 'Debit note' } as const
const METHOD = { cash: 'Cash', upi: 'UPI', bank: 'Bank transfer', cheque: 'Cheque' } as const
const rupees = (r: number) => formatINR(toPaise(r))

/** The supplier's own khata: bills, payments made and debit notes with the balance after each; a payment recorded here. */
export function SupplierKhataDialog({ supplier, onClose }: { supplier: { id: number; name: string } | null; onClose: () => void }) {
  const khata = useSupplierKhata(supplier?.id ?? null)
  const pay = usePaySupplier()
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState<(typeof SUPPLIER_PAYMENT_METHODS)[number]>('upi')
  const [reference, setReference] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const balance = khata.data?.balance ?? 0
  const record = () => {
    if (!supplier) return
    setErrors({})
    setFormError(null)
    pay.mutate(
      { id: supplier.id, amount: Number(amount), method, reference: reference.trim() || null },
      {
        onSuccess: (k) => {
          toast.success(`Payment of ${rupees(Number(amount))} recorded: ${rupees(k.balance)} still due`)
          setAmount('')
          setReference('')
        },
        onError: (err) => {
          const b = err instanceof ApiError ? (err.body as { errors?: Record<string, string> }) : null
          if (b?.errors) setErrors(b.errors)
          else setFormError(errorText(err))
        },
      },
    )
  }
  return (
    <Modal open={supplier !== null} onClose={onClose} title={`${supplier?.name ?? ''}: khata`} width={720}>
      <p className="mb-3 text-lg font-semibold" role="status">
        {balance >= 0 ? `Due to the supplier: ${rupees(balance)}` : `The supplier owes you ${rupees(-balance)}`}
      </p>
      <section aria-label="Record a payment" className="mb-4 grid gap-3 sm:grid-cols-4 sm:items-end">
        <FormAlert message={formError} />
        <TextField label="Amount paid (₹)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
        <SelectField
          label="Paid by"
          value={method}
          onChange={(e) => setMethod(e.target.value as typeof method)}
          options={SUPPLIER_PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD[m] }))}
        />
        <TextField label="Reference" placeholder="UTR, cheque no." value={reference} onChange={(e) => setReference(e.target.value)} error={errors.reference} />
        <Button onClick={record} loading={pay.isPending} disabled={!amount}>
          Record payment
        </Button>
      </section>
      <div className="max-h-96 overflow-y-auto">
        <table className="w-full text-sm" aria-label="Supplier khata">
          <thead>
            <tr className="text-left text-muted">
              <th className="p-2">Date</th>
              <th className="p-2">Entry</th>
              <th className="p-2 text-right">Amount</th>
              <th className="p-2 text-right">Balance</th>
            </tr>
          </thead>
          <tbody>
            {(khata.data?.entries ?? []).map((e) => (
              <tr key={e.id} className="border-t border-border">
                <td className="p-2">{new Date(e.created_at).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })}</td>
                <td className="p-2 break-words">
                  {KIND[e.kind]}
                  {e.bill_number && ` ${e.bill_number}`}
                  {e.debit_note_number && ` ${e.debit_note_number}`}
                  {e.method && ` · ${METHOD[e.method as keyof typeof METHOD] ?? e.method}`}
                  {e.reference && ` · ${e.reference}`}
                </td>
                <td className="p-2 text-right tabular-nums">{rupees(e.amount)}</td>
                <td className="p-2 text-right tabular-nums">{rupees(e.balance_after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  )
}
