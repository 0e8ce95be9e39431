import { useMemo, useState } from 'react'
import { type AdminProductRow, AdminProductQuery } from '../../../../common/contracts/admin-catalogue'
import { Link, useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button, buttonClasses } from '../../../ui/button'
import { DataTable } from '../../../staff/table/data-table'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon } from '../../../staff/ui/staff-icons'
import { useLatest } from '../../../ui/use-latest'
import { useAdminProducts } from './api'
import { PriceChangeDialog } from './price-change-dialog'
import { productColumns } from './product-columns'
import { useProductActions } from './product-actions'
import { hasProductFilters, ProductFilterBar } from './product-filters'
import { SetCategoryDialog } from './set-category-dialog'

type Dialog = { kind: 'category' | 'prices'; ids: number[]; clear: () => void } | null

/** The product list: the view's state is the address; bulk and row actions call the staff API. */
export function ProductListView() {
  const navigate = useNavigate()
  const { query, setQuery } = useTableQuery(AdminProductQuery)
  const list = useAdminProducts(query)
  const actions = useProductActions()
  const [dialog, setDialog] = useState<Dialog>(null)
  const latest = useLatest(actions)
  const columns = useMemo(() => productColumns({ duplicate: (p) => latest.current.duplicate(p), archive: (p) => void latest.current.archive([p]) }), [latest])
  const filtered = hasProductFilters(query)

  return (
    <>
      <PageHeader
        title="Products"
        description="Everything in your catalogue, in every status."
        actions={
          <Link to={staffPath('/bos/admin/products/new')} className={buttonClasses()}>
            <PlusIcon /> Add product
          </Link>
        }
      />
      <DataTable<AdminProductRow, AdminProductQuery>
        label="Products"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(p) => String(p.product_id)}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        onOpenRow={(p) => navigate(staffPath('/bos/admin/products/:id', { id: p.product_id }))}
        toolbar={
          <>
            <TableSearch
              value={query.q ?? ''}
              onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
              label="Search products"
              placeholder="Name, SKU or barcode"
            />
            <ProductFilterBar value={query} onChange={setQuery} />
          </>
        }
        empty={
          filtered ? (
            <TableEmpty
              title="No products match"
              message="Try other words, or fewer filters."
              action={
                <Button
                  variant="outline"
                  onClick={() => setQuery({ q: undefined, category: undefined, brand: undefined, status: undefined, stock: undefined })}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <TableEmpty
              title="No products yet"
              message="Add your first product with its packs and prices."
              action={
                <Link to={staffPath('/bos/admin/products/new')} className={buttonClasses()}>
                  Add product
                </Link>
              }
            />
          )
        }
        bulkActions={({ rows, clear }) => {
          const ids = rows.map((p) => p.product_id)
          const run = (done: Promise<boolean>) => void done.then((ok) => ok && clear())
          return (
            <>
              <Button size="sm" variant="outline" disabled={actions.busy} onClick={() => run(actions.setStatus(rows, 'active'))}>
                Publish
              </Button>
              <Button size="sm" variant="outline" disabled={actions.busy} onClick={() => run(actions.setStatus(rows, 'draft'))}>
                Unpublish
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'category', ids, clear })}>
                Set category
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'prices', ids, clear })}>
                Change prices
              </Button>
              <Button size="sm" variant="outline" className="text-danger" disabled={actions.busy} onClick={() => run(actions.archive(rows))}>
                Archive
              </Button>
            </>
          )
        }}
      />
      {dialog?.kind === 'category' && <SetCategoryDialog ids={dialog.ids} onClose={() => setDialog(null)} onDone={dialog.clear} />}
      {dialog?.kind === 'prices' && <PriceChangeDialog ids={dialog.ids} onClose={() => setDialog(null)} onDone={dialog.clear} />}
    </>
  )
}
