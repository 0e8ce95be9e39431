import { useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import type { output } from 'zod/v4/core'
import { CreateWarehouseInput, UpdateWarehouseInput, type Warehouse } from '../../../../common/contracts/admin-stock'
import { ApiError, errorText } from '../../../lib/error-text'
import { useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { resetToSaved } from '../../../staff/form/reset-to-saved'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon, TrashIcon } from '../../../staff/ui/staff-icons'
import { useCreateWarehouse, useUpdateWarehouse, useWarehouses } from './api'

interface WarehouseFormValues {
  name: string
  address: string
  is_default: boolean
  pincodes: { pincode: string; delivery_days: string }[]
}

const FIELDS = ['name', 'address', 'is_default', 'pincodes', 'pincodes.*.pincode', 'pincodes.*.delivery_days']
const REQUIRED = { name: 'Name', 'pincodes.*.pincode': 'Pincode' }
const days = (s: string) => (s.trim() === '' ? 0 : Number(s))
const toInput = (v: WarehouseFormValues) => ({
  name: v.name,
  address: v.address,
  is_default: v.is_default,
  pincodes: v.pincodes.map((p) => ({ pincode: p.pincode.trim(), delivery_days: days(p.delivery_days) })),
})
const valuesOf = (w: Warehouse | null): WarehouseFormValues => ({
  name: w?.name ?? '',
  address: w?.address ?? '',
  is_default: w?.is_default ?? false,
  pincodes: (w?.pincodes ?? []).map((p) => ({ pincode: p.pincode, delivery_days: String(p.delivery_days) })),
})

const createResolver = contractResolver(CreateWarehouseInput, { toInput, required: REQUIRED })
const updateResolver = contractResolver(UpdateWarehouseInput, { toInput, required: REQUIRED })
const iconButton = 'flex size-9 items-center justify-center rounded-md border border-border bg-surface text-muted hover:text-text disabled:opacity-40'

/** A warehouse's page: /new makes one, otherwise the one of the address. */
export function WarehouseEditor({ id }: { id: number | null }) {
  const list = useWarehouses()
  if (id === null) return <WarehouseForm warehouse={null} />
  if (list.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the warehouse" className="size-6 text-primary" />
      </div>
    )
  const found = list.data?.data.find((w) => w.id === id)
  if (!found) {
    return (
      <PageHeader
        title={list.error ? 'The warehouse could not be loaded' : 'Warehouse not found'}
        back={{ to: staffPath('/bos/admin/warehouses'), label: 'Warehouses' }}
        description={list.error ? errorText(list.error) : 'It may belong to another website.'}
      />
    )
  }
  return <WarehouseForm key={found.id} warehouse={found} />
}

function WarehouseForm({ warehouse }: { warehouse: Warehouse | null }) {
  const navigate = useNavigate()
  const create = useCreateWarehouse()
  const update = useUpdateWarehouse(warehouse?.id ?? 0)
  const form = useForm<WarehouseFormValues, unknown, output<typeof CreateWarehouseInput>>({
    defaultValues: valuesOf(warehouse),
    resolver: (warehouse ? updateResolver : createResolver) as typeof createResolver,
  })
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'pincodes', keyName: 'key' })
  const [paste, setPaste] = useState('')
  const [formError, setFormError] = useState<string | null>(null)
  const saving = create.isPending || update.isPending
  useUnsavedChanges(form.formState.isDirty && !create.isSuccess, warehouse ? 'your changes to this warehouse' : 'the new warehouse')
  const errors = form.formState.errors

  const addPasted = () => {
    const have = new Set(form.getValues('pincodes').map((p) => p.pincode.trim()))
    const fresh = [...new Set(paste.split(/[\s,;]+/).filter(Boolean))].filter((p) => !have.has(p))
    append(
      fresh.map((pincode) => ({ pincode, delivery_days: '0' })),
      { shouldFocus: false },
    )
    setPaste('')
  }

  const save = form.handleSubmit((body) => {
    setFormError(null)
    const onError = (err: unknown) =>
      setFormError(err instanceof ApiError && err.status === 422 ? showServerErrors(err, form.setError, FIELDS) : errorText(err))
    if (!warehouse) {
      create.mutate(body, {
        onSuccess: (made) => {
          toast.success(`${made.name} added`)
          navigate(staffPath('/bos/admin/warehouses/:id', { id: made.id }), { replace: true, force: true })
        },
        onError,
      })
      return
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        resetToSaved(form.reset, valuesOf(saved))
        toast.success('Saved')
      },
      onError,
    })
  })

  return (
    <form onSubmit={save} noValidate className="flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={warehouse ? warehouse.name : 'New warehouse'}
        back={{ to: staffPath('/bos/admin/warehouses'), label: 'Warehouses' }}
        description="A warehouse (or store) that holds stock and delivers to the pincodes it serves."
        actions={
          <Button type="submit" loading={saving}>
            {warehouse ? 'Save' : 'Add warehouse'}
          </Button>
        }
      />
      <FormAlert message={formError} />
      <Card title="Details">
        <div className="flex flex-col gap-4">
          <TextField label="Name" required placeholder="Indiranagar Dark Store" error={errors.name?.message} {...form.register('name')} />
          <TextField label="Address" placeholder="12, 100 Feet Road, Indiranagar, Bengaluru" error={errors.address?.message} {...form.register('address')} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" disabled={warehouse?.is_default} {...form.register('is_default')} />
            <span>
              <span className="font-medium">Default warehouse</span>
              <span className="block text-muted">
                {warehouse?.is_default
                  ? 'Shoppers who have not given a pincode see this warehouse’s stock. To change it, make another warehouse the default.'
                  : 'Shoppers who have not given a pincode see this warehouse’s stock.'}
              </span>
            </span>
          </label>
          {errors.is_default?.message && (
            <p role="alert" className="text-sm text-danger">
              {errors.is_default.message}
            </p>
          )}
        </div>
      </Card>
      <Card title="Pincodes served" description="Each pincode is served by one warehouse. Delivery days: 0 for same day, 1 for next day.">
        <div className="flex flex-col gap-3">
          {fields.length === 0 && <p className="text-sm text-muted">No pincodes yet: shoppers cannot get deliveries from this warehouse.</p>}
          {fields.length > 0 && (
            <ol className="grid gap-2 sm:grid-cols-2">
              {fields.map((field, i) => {
                const e = errors.pincodes?.[i]
                return (
                  <li key={field.key} className="flex items-start gap-2">
                    <TextField
                      className="flex-1"
                      label={`Pincode ${i + 1}`}
                      inputMode="numeric"
                      maxLength={6}
                      required
                      error={e?.pincode?.message}
                      {...form.register(`pincodes.${i}.pincode`)}
                    />
                    <TextField
                      className="w-28"
                      label="Delivery days"
                      inputMode="numeric"
                      error={e?.delivery_days?.message}
                      {...form.register(`pincodes.${i}.delivery_days`)}
                    />
                    <button type="button" className={`${iconButton} mt-7`} aria-label={`Remove pincode ${i + 1}`} onClick={() => remove(i)}>
                      <TrashIcon />
                    </button>
                  </li>
                )
              })}
            </ol>
          )}
          {errors.pincodes?.message && (
            <p role="alert" className="text-sm text-danger">
              {errors.pincodes.message}
            </p>
          )}
          <div className="flex flex-wrap items-end gap-2 border-t border-border pt-3">
            <TextField
              className="min-w-64 flex-1"
              label="Add pincodes"
              hint="One or many, separated by spaces or commas"
              value={paste}
              onChange={(e) => setPaste(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  addPasted()
                }
              }}
            />
            <Button variant="outline" onClick={addPasted} disabled={!paste.trim()}>
              <PlusIcon /> Add
            </Button>
          </div>
        </div>
      </Card>
    </form>
  )
}
