import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { output } from 'zod/v4/core'
import { type AdminProduct, UpdateProductInput, updateAdminProduct } from '../../../../common/contracts/admin-catalogue'
import { ApiError } from '../../../lib/error-text'
import { errorText } from '../../../lib/error-text'
import { Link } from '../../../lib/router'
import * as paths from '../../../lib/paths'
import { staffPath } from '../../../staff/staff-paths'
import { Button, buttonClasses } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { ConflictDialog } from '../../../staff/form/conflict-dialog'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { resetToSaved } from '../../../staff/form/reset-to-saved'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { useVersionedForm } from '../../../staff/form/use-versioned-save'
import { PageHeader } from '../../../staff/ui/page-header'
import { CopyIcon, TrashIcon } from '../../../staff/ui/staff-icons'
import { ExternalIcon } from '../../../ui/shop-icons'
import { useAdminBrands, useWarehouseNames, useAdminCategories, useAdminProduct, useUpdateProduct } from './api'
import { categoryOptions } from './category-options'
import { useProductActions } from './product-actions'
import { ProductForm } from './product-form'
import { CHANGE_LABELS, PRODUCT_FIELDS, type ProductFormValues, productFormValues, REQUIRED_FIELDS, updateInput } from './product-form-values'
import { ProductStatusBadge } from './product-status'

type Body = output<typeof UpdateProductInput>

/** A product's page: loads it, then the form (keyed by product, so another product starts clean). */
export function ProductEditor({ id }: { id: number }) {
  const product = useAdminProduct(id)
  if (product.data) return <ProductEditForm key={product.data.product_id} product={product.data} />
  if (product.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the product" className="size-6 text-primary" />
      </div>
    )
  const missing = product.error instanceof ApiError && product.error.status === 404
  return (
    <>
      <PageHeader
        title={missing ? 'Product not found' : 'The product could not be loaded'}
        back={{ to: staffPath('/bos/admin/products'), label: 'Products' }}
        description={missing ? 'It may have been removed, or it belongs to another website.' : errorText(product.error)}
      />
      {!missing && (
        <Button variant="outline" onClick={() => void product.refetch()}>
          Try again
        </Button>
      )}
    </>
  )
}

function ProductEditForm({ product }: { product: AdminProduct }) {
  const update = useUpdateProduct(product.product_id)
  const actions = useProductActions()
  const categories = categoryOptions(useAdminCategories().data?.data ?? [])
  const brands = (useAdminBrands().data?.data ?? []).map((b) => b.name)
  const warehouses = useWarehouseNames().data?.data ?? []
  // The version this form's values were read at: a save made on top of someone else's gets 409.
  const version = useRef(product.version)
  const [resolver] = useState(() =>
    contractResolver(UpdateProductInput, { toInput: (v: ProductFormValues) => updateInput(v, version.current), required: REQUIRED_FIELDS }),
  )
  const form = useForm<ProductFormValues, unknown, Body>({ defaultValues: productFormValues(product), resolver })
  const [formError, setFormError] = useState<string | null>(null)
  // an archive or someone else's save seen on refetch is a newer version too
  const versioned = useVersionedForm({
    record: product,
    version,
    form,
    valuesOf: productFormValues,
    stale: updateAdminProduct.stale,
    saveAgain: () => void form.handleSubmit(save)(),
  })
  const { conflict } = versioned
  useUnsavedChanges(form.formState.isDirty, 'your changes to this product')

  const save = (body: Body) => {
    setFormError(null)
    update.mutate(body, {
      onSuccess: (saved) => {
        versioned.saved(saved)
        resetToSaved(form.reset, productFormValues(saved))
        toast.success('Saved')
      },
      onError: (err) => {
        if (!versioned.caught(err)) setFormError(showServerErrors(err, form.setError, PRODUCT_FIELDS))
      },
    })
  }

  const conflictRows = conflict
    ? [...new Map(conflict.changed.filter((f) => CHANGE_LABELS[f]).map((f) => [CHANGE_LABELS[f].label, CHANGE_LABELS[f]])).values()].map((c) => ({
        label: c.label,
        theirs: c.read(productFormValues(conflict.current)),
        mine: c.read(form.getValues()),
      }))
    : []

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {product.product_name}
            <ProductStatusBadge status={product.status} />
          </span>
        }
        back={{ to: staffPath('/bos/admin/products'), label: 'Products' }}
        actions={
          <>
            {product.status === 'active' && (
              <Link to={paths.product(product.slug)} target="_blank" rel="noopener" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                View on store <ExternalIcon />
                <span className="sr-only">(opens in a new tab)</span>
              </Link>
            )}
            <Button variant="outline" size="sm" onClick={() => actions.duplicate(product)} disabled={actions.busy}>
              <CopyIcon /> Duplicate
            </Button>
            {product.status !== 'archived' && (
              <Button variant="outline" size="sm" className="text-danger" onClick={() => void actions.archive([product])} disabled={actions.busy}>
                <TrashIcon /> Archive
              </Button>
            )}
          </>
        }
      />
      <ProductForm
        form={form}
        onSubmit={save}
        mode="edit"
        saving={update.isPending}
        formError={formError}
        brands={brands}
        categories={categories}
        warehouses={warehouses}
      />
      <ConflictDialog {...versioned.dialog} what="this product" rows={conflictRows} saving={update.isPending} />
    </>
  )
}
