import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { output } from 'zod/v4/core'
import { CreateProductInput } from '../../../../common/contracts/admin-catalogue'
import { useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { toast } from '../../../ui/toast'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { PageHeader } from '../../../staff/ui/page-header'
import { useAdminBrands, useWarehouseNames, useAdminCategories, useCreateProduct } from './api'
import { categoryOptions } from './category-options'
import { ProductForm } from './product-form'
import { createInput, emptyProduct, PRODUCT_FIELDS, type ProductFormValues, REQUIRED_FIELDS } from './product-form-values'

type Body = output<typeof CreateProductInput>

const resolver = contractResolver(CreateProductInput, { toInput: createInput, required: REQUIRED_FIELDS })

/** A new product: on save, its page opens (where stock, images and more follow). */
export function ProductCreator() {
  const navigate = useNavigate()
  const create = useCreateProduct()
  const categories = categoryOptions(useAdminCategories().data?.data ?? [])
  const brands = (useAdminBrands().data?.data ?? []).map((b) => b.name)
  const warehouses = useWarehouseNames().data?.data ?? []
  const form = useForm<ProductFormValues, unknown, Body>({ defaultValues: emptyProduct(), resolver })
  const [formError, setFormError] = useState<string | null>(null)
  useUnsavedChanges(form.formState.isDirty && !create.isSuccess, 'the new product')

  const save = (body: Body) => {
    setFormError(null)
    create.mutate(body, {
      onSuccess: (product) => {
        toast.success(`${product.product_name} created`)
        navigate(staffPath('/bos/admin/products/:id', { id: product.product_id }), { replace: true, force: true })
      },
      onError: (err) => setFormError(showServerErrors(err, form.setError, PRODUCT_FIELDS)),
    })
  }
  return (
    <>
      <PageHeader title="New product" back={{ to: staffPath('/bos/admin/products'), label: 'Products' }} />
      <ProductForm
        form={form}
        onSubmit={save}
        mode="create"
        saving={create.isPending}
        formError={formError}
        brands={brands}
        categories={categories}
        warehouses={warehouses}
      />
    </>
  )
}
