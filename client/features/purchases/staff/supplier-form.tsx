import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { createSupplier, type Supplier, type SupplierInput } from '../../../../common/contracts/admin-purchases'
import { INDIAN_STATES } from '../../../../common/rules/address'
import { ApiError, errorText } from '../../../lib/error-text'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { Button } from '../../../ui/button'
import { Drawer } from '../../../ui/drawer'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { useSaveSupplier } from './api'

interface Values {
  name: string
  gstin: string
  phone: string
  state: string
  address: string
  payment_terms_days: string
}

export type SupplierEditing = { mode: 'create' } | { mode: 'edit'; supplier: Supplier }

const FIELDS = ['name', 'gstin', 'phone', 'state', 'address', 'payment_terms_days']
const toInput = (v: Values) => ({
  name: v.name,
  gstin: v.gstin.trim() || null,
  phone: v.phone.trim() || null,
  state: (v.state || null) as SupplierInput['state'],
  address: v.address,
  payment_terms_days: v.payment_terms_days.trim() === '' ? 0 : Number(v.payment_terms_days),
})
const resolver = contractResolver(createSupplier.body, { toInput, required: { name: 'Name' } })

export function SupplierDrawer({ editing, onClose }: { editing: SupplierEditing | null; onClose: () => void }) {
  return (
    <Drawer open={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? `Edit ${editing.supplier.name}` : 'New supplier'} width={480}>
      {editing && (
        <SupplierForm
          key={editing.mode === 'edit' ? editing.supplier.id : 'new'}
          supplier={editing.mode === 'edit' ? editing.supplier : null}
          onDone={onClose}
        />
      )}
    </Drawer>
  )
}

/** A supplier's name, GSTIN (checked as the shop's: its state fills in by itself), phone, state, address and credit days. */
export function SupplierForm({ supplier, onDone }: { supplier: Supplier | null; onDone: () => void }) {
  const save = useSaveSupplier()
  const form = useForm<Values, unknown, object>({
    defaultValues: {
      name: supplier?.name ?? '',
      gstin: supplier?.gstin ?? '',
      phone: supplier?.phone ?? '',
      state: supplier?.state ?? '',
      address: supplier?.address ?? '',
      payment_terms_days: String(supplier?.payment_terms_days ?? 0),
    },
    resolver: resolver as never,
  })
  const [formError, setFormError] = useState<string | null>(null)
  useUnsavedChanges(form.formState.isDirty && !save.isSuccess, supplier ? 'your changes to this supplier' : 'the new supplier')
  const errors = form.formState.errors
  const submit = form.handleSubmit((body) => {
    setFormError(null)
    save.mutate(
      { ...(body as ReturnType<typeof toInput>), id: supplier?.id },
      {
        onSuccess: (s) => (toast.success(`${s.name} saved`), onDone()),
        onError: (err) => setFormError(err instanceof ApiError && err.status === 422 ? showServerErrors(err, form.setError, FIELDS) : errorText(err)),
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate aria-label={supplier ? 'Edit supplier' : 'New supplier'} className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <TextField label="Name" required autoFocus error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="GSTIN"
        autoComplete="off"
        hint="15 characters, e.g. 29ABCDE1234F1Z5; leave empty for an unregistered supplier"
        error={errors.gstin?.message}
        {...form.register('gstin')}
      />
      <SelectField
        label="State"
        hint="A supplier in your state bills CGST + SGST; elsewhere IGST. Left empty, the GSTIN’s state is used."
        options={INDIAN_STATES}
        error={errors.state?.message}
        {...form.register('state')}
      />
      <TextField label="Phone" inputMode="tel" error={errors.phone?.message} {...form.register('phone')} />
      <TextField label="Address" error={errors.address?.message} {...form.register('address')} />
      <TextField
        label="Payment terms (days of credit)"
        inputMode="numeric"
        error={errors.payment_terms_days?.message}
        {...form.register('payment_terms_days')}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {supplier ? 'Save' : 'Add supplier'}
        </Button>
      </div>
    </form>
  )
}
