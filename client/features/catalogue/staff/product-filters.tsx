import type { AdminProductQuery } from '../../../../common/contracts/admin-catalogue'
import { PRODUCT_STATUSES } from '../../../../common/contracts/admin-catalogue'
import { Button } from '../../../ui/button'
import { Combobox } from '../../../ui/combobox'
import { useAdminBrands, useAdminCategories } from './api'
import { categoryOptions } from './category-options'
import { STATUS_LABELS } from './product-status'
import { FilterSelect } from '../../../staff/table/filter-select'

export type ProductFilters = Pick<AdminProductQuery, 'category' | 'brand' | 'status' | 'stock'>

export const hasProductFilters = (q: ProductFilters & { q?: string }) => Boolean(q.q || q.category || q.brand || q.status || q.stock)

/** Category, brand, status and stock state of the product list (each an address parameter). */
export function ProductFilterBar({ value, onChange }: { value: ProductFilters & { q?: string }; onChange: (change: Partial<AdminProductQuery>) => void }) {
  const categories = useAdminCategories().data?.data ?? []
  const brands = useAdminBrands().data?.data ?? []
  return (
    <>
      <div className="w-44">
        <Combobox
          aria-label="Category"
          placeholder="All categories"
          searchPlaceholder="Find a category"
          options={[{ value: '', label: 'All categories' }, ...categoryOptions(categories)]}
          value={value.category ?? ''}
          onChange={(category) => onChange({ category: category || undefined })}
        />
      </div>
      <div className="w-40">
        <Combobox
          aria-label="Brand"
          placeholder="All brands"
          searchPlaceholder="Find a brand"
          options={[{ value: '', label: 'All brands' }, ...brands.map((b) => ({ value: b.slug, label: b.name }))]}
          value={value.brand ?? ''}
          onChange={(brand) => onChange({ brand: brand || undefined })}
        />
      </div>
      <FilterSelect
        aria-label="Status"
        value={value.status ?? ''}
        onChange={(e) => onChange({ status: (e.target.value || undefined) as ProductFilters['status'] })}
      >
        <option value="">Any status</option>
        {PRODUCT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        aria-label="Stock"
        value={value.stock ?? ''}
        onChange={(e) => onChange({ stock: (e.target.value || undefined) as ProductFilters['stock'] })}
      >
        <option value="">Any stock</option>
        <option value="in_stock">In stock</option>
        <option value="out_of_stock">Out of stock</option>
      </FilterSelect>
      {hasProductFilters(value) && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange({ q: undefined, category: undefined, brand: undefined, status: undefined, stock: undefined })}
        >
          Clear filters
        </Button>
      )}
    </>
  )
}
