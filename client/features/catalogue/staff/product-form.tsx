import { type ReactNode, useId } from 'react'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { GST_RATES, PRODUCT_STATUSES } from '../../../../common/contracts/admin-catalogue'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { TextareaField } from '../../../ui/textarea-field'
import { Card } from '../../../staff/ui/card'
import type { CategoryOption } from './category-options'
import { CategoryPicker } from './category-picker'
import { PackRows } from './pack-rows'
import { ProductImages } from './product-images'
import type { ProductFormValues } from './product-form-values'
import { STATUS_LABELS } from './product-status'

export interface ProductFormProps<Out> {
  form: UseFormReturn<ProductFormValues, unknown, Out>
  onSubmit: (body: Out) => void
  mode: 'create' | 'edit'
  saving: boolean
  /** what the server said that no field explains */
  formError: string | null
  brands: string[]
  categories: CategoryOption[]
  /** where a new pack's opening stock can be put (left out for a role without stock) */
  warehouses?: { id: number; name: string }[]
  /** after the fields, before the save bar (e.g. where the product is on the store) */
  children?: ReactNode
}

/** The product's fields and packs (the page of a create or edit view; the view owns loading and saving). */
export function ProductForm<Out>({ form, onSubmit, mode, saving, formError, brands, categories, warehouses = [], children }: ProductFormProps<Out>) {
  const {
    register,
    control,
    formState: { errors, isDirty },
  } = form
  const ids = { brands: useId(), categories: useId() }
  const statuses = mode === 'create' ? PRODUCT_STATUSES.filter((s) => s !== 'archived') : PRODUCT_STATUSES
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={mode === 'create' ? 'New product' : 'Edit product'} className="pb-20">
      {formError && (
        <div className="mb-4">
          <FormAlert message={formError} />
        </div>
      )}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <Card title="Product">
            <div className="flex flex-col gap-4">
              <TextField label="Product name" required error={errors.product_name?.message} {...register('product_name')} />
              <TextField
                label="Slug"
                hint={
                  mode === 'create'
                    ? 'The address on the store: left empty, it is made from the name.'
                    : 'The address on the store. If you change it, the old address keeps working.'
                }
                error={errors.slug?.message}
                autoComplete="off"
                {...register('slug')}
              />
              <TextareaField
                label="Description"
                rows={5}
                hint="Bold, italics, lists and links are kept; anything else is removed when saved."
                error={errors.product_description?.message}
                {...register('product_description')}
              />
              <TextareaField
                label="Info"
                rows={3}
                hint="Ingredients, storage, nutrition: shown under the description."
                error={errors.product_info?.message}
                {...register('product_info')}
              />
            </div>
          </Card>
          <Card title="Images" description="The first image is the card image shoppers see in lists. Drag to reorder, or use the arrows.">
            <ProductImages control={control} register={register} errors={errors} />
          </Card>
          <Card title="Packs" description="Each size or variant with its own price. The selling price cannot be more than the MRP.">
            <PackRows control={control} register={register} errors={errors} warehouses={warehouses} />
          </Card>
          {children}
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <Card title="Visibility">
            <SelectField
              label="Status"
              placeholder={null}
              options={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              hint="Draft and archived products are not on the store."
              error={errors.status?.message}
              {...register('status')}
            />
          </Card>
          <Card title="Organisation">
            <div className="flex flex-col gap-4">
              <TextField
                label="Brand"
                required
                list={ids.brands}
                autoComplete="off"
                hint="A new name creates the brand."
                error={errors.brand?.message}
                {...register('brand')}
              />
              <datalist id={ids.brands}>
                {brands.map((b) => (
                  <option key={b} value={b} />
                ))}
              </datalist>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.categories} className="text-sm font-medium">
                  Categories
                  <span aria-hidden="true" className="text-danger">
                    {' '}
                    *
                  </span>
                </label>
                <Controller
                  control={control}
                  name="categories"
                  render={({ field }) => (
                    <CategoryPicker id={ids.categories} value={field.value} onChange={field.onChange} options={categories} error={errors.categories?.message} />
                  )}
                />
              </div>
              <TextField
                label="Search keywords"
                hint="Other words shoppers use for it, separated by commas."
                error={errors.search_keywords?.message}
                {...register('search_keywords')}
              />
            </div>
          </Card>
          <Card title="Tax">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <TextField label="HSN code" inputMode="numeric" error={errors.hsn_code?.message} {...register('hsn_code')} />
              <SelectField
                label="GST rate"
                placeholder="Not set"
                options={GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
                error={errors.gst_rate?.message}
                {...register('gst_rate')}
              />
              <TextField
                label="Cess (%)"
                inputMode="numeric"
                hint="Compensation cess, where it applies"
                error={errors.cess_rate?.message}
                {...register('cess_rate')}
              />
            </div>
          </Card>
        </div>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-surface/95 backdrop-blur lg:left-16 xl:left-60">
        <div className="mx-auto flex max-w-screen-2xl items-center justify-end gap-3 px-4 py-3 sm:px-6">
          <p className="mr-auto text-sm text-muted" aria-live="polite">
            {isDirty ? 'Unsaved changes' : mode === 'edit' ? 'All changes saved' : ''}
          </p>
          <Button variant="outline" disabled={!isDirty || saving} onClick={() => form.reset()}>
            Discard
          </Button>
          <Button type="submit" loading={saving}>
            {mode === 'create' ? 'Save product' : 'Save'}
          </Button>
        </div>
      </div>
    </form>
  )
}
