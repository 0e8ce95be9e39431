import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { type AdminBrand, createAdminBrand, updateAdminBrand } from '../../../../common/contracts/admin-catalogue'
import { ApiError, errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { Drawer } from '../../../ui/drawer'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { toast } from '../../../ui/toast'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { useCreateBrand, useUpdateBrand } from './api'
import { SingleImageField } from '../../../staff/form/single-image-field'

interface BrandFormValues {
  name: string
  slug: string
  logo: string | null
}

/** What the drawer edits: a new brand or an existing one. */
export type BrandEditing = { mode: 'create' } | { mode: 'edit'; brand: AdminBrand }

const FIELDS = ['name', 'slug', 'logo']
const toInput = (v: BrandFormValues) => ({ name: v.name, slug: v.slug.trim() || undefined, logo: v.logo })
const createResolver = contractResolver(createAdminBrand.body, { toInput, required: { name: 'Name' } })
const updateResolver = contractResolver(updateAdminBrand.body, { toInput, required: { name: 'Name' } })

export function BrandDrawer({ editing, onClose }: { editing: BrandEditing | null; onClose: () => void }) {
  return (
    <Drawer open={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? `Edit ${editing.brand.name}` : 'New brand'} width={440}>
      {editing && (
        <BrandForm key={editing.mode === 'edit' ? editing.brand.id : 'new'} brand={editing.mode === 'edit' ? editing.brand : null} onDone={onClose} />
      )}
    </Drawer>
  )
}

/** A brand's name, slug and logo; the server's refusals (name or slug taken, a logo that is not an upload) show on their fields. */
export function BrandForm({ brand, onDone }: { brand: AdminBrand | null; onDone: () => void }) {
  const create = useCreateBrand()
  const update = useUpdateBrand()
  const form = useForm<BrandFormValues, unknown, object>({
    defaultValues: { name: brand?.name ?? '', slug: brand?.slug ?? '', logo: brand?.logo ?? null },
    resolver: (brand ? updateResolver : createResolver) as never,
  })
  const [formError, setFormError] = useState<string | null>(null)
  const saved = create.isSuccess || update.isSuccess
  useUnsavedChanges(form.formState.isDirty && !saved, brand ? 'your changes to this brand' : 'the new brand')
  const errors = form.formState.errors

  const onError = (err: unknown) => setFormError(err instanceof ApiError && err.status === 422 ? showServerErrors(err, form.setError, FIELDS) : errorText(err))

  const save = form.handleSubmit((body) => {
    setFormError(null)
    if (brand) update.mutate({ id: brand.id, ...body }, { onSuccess: (b) => (toast.success(`${b.name} saved`), onDone()), onError })
    else create.mutate(body as BrandFormValues, { onSuccess: (b) => (toast.success(`${b.name} added`), onDone()), onError })
  })

  return (
    <form onSubmit={save} noValidate aria-label={brand ? 'Edit brand' : 'New brand'} className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <TextField label="Name" required autoFocus error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Slug"
        autoComplete="off"
        hint={brand ? 'The brand’s address on the store: changing it changes its links.' : 'The address on the store: left empty, it is made from the name.'}
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      <Controller
        control={form.control}
        name="logo"
        render={({ field, fieldState }) => (
          <SingleImageField label="Logo" value={field.value} onChange={(v) => field.onChange(v)} error={fieldState.error?.message} />
        )}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {brand ? 'Save' : 'Add brand'}
        </Button>
      </div>
    </form>
  )
}
