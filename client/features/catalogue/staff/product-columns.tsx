import type { AdminProductRow } from '../../../../common/contracts/admin-catalogue'
import { formatDate } from '../../../../common/dates'
import { formatINR, toPaise } from '../../../../common/money'
import { Link } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Image } from '../../../ui/image'
import { type StaffColumns, staffColumns } from '../../../staff/table/table-features'
import { CopyIcon, TrashIcon } from '../../../staff/ui/staff-icons'
import { ProductStatusBadge } from './product-status'

export interface RowActions {
  duplicate: (row: AdminProductRow) => void
  archive: (row: AdminProductRow) => void
}

const rupees = (value: number) => formatINR(toPaise(value))
const h = staffColumns<AdminProductRow>()
const iconButton = 'flex size-8 items-center justify-center rounded-md text-muted hover:bg-background hover:text-text disabled:opacity-40'

/** The product table's columns; the sortable ones are named after the call's sorts (name, price, available, updated_at, status). */
export function productColumns(actions: RowActions): StaffColumns<AdminProductRow> {
  return h.columns([
    h.accessor('product_name', {
      id: 'name',
      header: 'Product',
      enableSorting: true,
      meta: { className: 'min-w-64' },
      cell: ({ row: { original: p } }) => (
        <div className="flex items-center gap-3">
          <Image src={p.image} size="thumb" width={40} height={40} className="size-10 shrink-0 rounded-md border border-border object-cover" />
          <div className="min-w-0">
            <Link
              to={staffPath('/bos/admin/products/:id', { id: p.product_id })}
              tabIndex={-1}
              className="block truncate font-medium text-text hover:text-primary hover:underline"
            >
              {p.product_name}
            </Link>
            <p className="truncate text-xs text-muted">
              {p.brand_name}
              {p.categories.length > 0 && ` · ${p.categories.map((c) => c.name).join(', ')}`}
            </p>
          </div>
        </div>
      ),
    }),
    h.accessor('status', { header: 'Status', enableSorting: true, cell: ({ getValue }) => <ProductStatusBadge status={getValue()} /> }),
    h.accessor('packs', { header: 'Packs', meta: { className: 'hidden text-right xl:table-cell' } }),
    h.accessor('min_price', {
      id: 'price',
      header: 'Price',
      enableSorting: true,
      meta: { className: 'text-right whitespace-nowrap' },
      cell: ({ row: { original: p } }) => (p.min_price === p.max_price ? rupees(p.min_price) : `${rupees(p.min_price)} – ${rupees(p.max_price)}`),
    }),
    h.accessor('available', {
      header: 'Available',
      enableSorting: true,
      meta: { className: 'text-right' },
      cell: ({ getValue }) => (getValue() > 0 ? getValue() : <span className="font-medium text-danger">Out of stock</span>),
    }),
    h.accessor('updated_at', {
      header: 'Updated',
      enableSorting: true,
      meta: { className: 'hidden whitespace-nowrap lg:table-cell' },
      cell: ({ getValue }) => formatDate(getValue()),
    }),
    h.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-20' },
      cell: ({ row: { original: p } }) => (
        <div className="flex justify-end gap-1">
          <button
            type="button"
            className={iconButton}
            tabIndex={-1}
            aria-label={`Duplicate ${p.product_name}`}
            title="Duplicate"
            onClick={() => actions.duplicate(p)}
          >
            <CopyIcon className="size-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            tabIndex={-1}
            aria-label={`Archive ${p.product_name}`}
            title="Archive"
            disabled={p.status === 'archived'}
            onClick={() => actions.archive(p)}
          >
            <TrashIcon className="size-4" />
          </button>
        </div>
      ),
    }),
  ])
}
