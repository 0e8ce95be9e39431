import { useMemo, useState } from 'react'
import { type AdminBrand, AdminBrandQuery } from '../../../../common/contracts/admin-catalogue'
import { Link } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button } from '../../../ui/button'
import { Image } from '../../../ui/image'
import { DataTable } from '../../../staff/table/data-table'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { TableEmpty } from '../../../staff/table/table-parts'
import { TableSearch } from '../../../staff/table/table-search'
import { useTableQuery } from '../../../staff/table/use-table-query'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon } from '../../../staff/ui/staff-icons'
import { useAdminBrandList } from './api'
import { BrandDrawer, type BrandEditing } from './brand-form'

const h = staffColumns<AdminBrand>()

function brandColumns(edit: (b: AdminBrand) => void): StaffColumns<AdminBrand> {
  return h.columns([
    h.accessor('name', {
      id: 'name',
      header: 'Brand',
      enableSorting: true,
      cell: ({ row: { original: b } }) => (
        <div className="flex items-center gap-3">
          <Image src={b.logo} size="thumb" width={40} height={40} className="size-10 shrink-0 rounded-md border border-border bg-white object-contain" />
          <button
            type="button"
            tabIndex={-1}
            className="truncate text-left font-medium hover:text-primary hover:underline"
            onClick={(e) => {
              e.stopPropagation()
              edit(b)
            }}
          >
            {b.name}
          </button>
        </div>
      ),
    }),
    h.accessor('slug', { header: 'Slug', cell: ({ getValue }) => <span className="text-muted">/{getValue()}</span> }),
    h.accessor('products', {
      id: 'products',
      header: 'Products',
      enableSorting: true,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row: { original: b } }) =>
        b.products > 0 ? (
          <Link
            to={staffPath('/bos/admin/products', new URLSearchParams({ brand: b.slug }))}
            tabIndex={-1}
            className="hover:text-primary hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            {b.products}
          </Link>
        ) : (
          <span className="text-muted">0</span>
        ),
    }),
    h.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-px' },
      cell: ({ row: { original: b } }) => (
        <Button
          size="sm"
          variant="outline"
          tabIndex={-1}
          aria-label={`Edit ${b.name}`}
          onClick={(e) => {
            e.stopPropagation()
            edit(b)
          }}
        >
          Edit
        </Button>
      ),
    }),
  ])
}

/** The website's brands: search, sort by name or product count, add and edit in a drawer. */
export function BrandListView() {
  const { query, setQuery } = useTableQuery(AdminBrandQuery)
  const list = useAdminBrandList(query)
  const [editing, setEditing] = useState<BrandEditing | null>(null)
  const columns = useMemo(() => brandColumns((brand) => setEditing({ mode: 'edit', brand })), [])
  const add = () => setEditing({ mode: 'create' })

  return (
    <>
      <PageHeader
        title="Brands"
        description="The brands products are sold under. A brand’s logo shows on its page in the store."
        actions={
          <Button onClick={add}>
            <PlusIcon /> Add brand
          </Button>
        }
      />
      <DataTable<AdminBrand, AdminBrandQuery>
        label="Brands"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.meta.total ?? 0}
        getRowId={(b) => String(b.id)}
        query={query}
        onQueryChange={setQuery}
        error={list.error ?? undefined}
        onRetry={() => void list.refetch()}
        refreshing={list.isPlaceholderData}
        onOpenRow={(brand) => setEditing({ mode: 'edit', brand })}
        toolbar={
          <TableSearch
            value={query.q ?? ''}
            onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })}
            label="Search brands"
            placeholder="Brand name or slug"
          />
        }
        empty={
          query.q ? (
            <TableEmpty
              title="No brand matches"
              message="Try other words."
              action={
                <Button variant="outline" onClick={() => setQuery({ q: undefined })}>
                  Clear search
                </Button>
              }
            />
          ) : (
            <TableEmpty
              title="No brands yet"
              message="Add one here, or type a new brand's name on a product."
              action={<Button onClick={add}>Add brand</Button>}
            />
          )
        }
      />
      <BrandDrawer editing={editing} onClose={() => setEditing(null)} />
    </>
  )
}
