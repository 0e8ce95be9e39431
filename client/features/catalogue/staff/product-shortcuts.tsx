import type { AdminProductQuery } from '../../../../common/contracts/admin-catalogue'
import { Link } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { useAdminProducts } from './api'

const view = (filters: Partial<AdminProductQuery>): AdminProductQuery => ({ page: 1, perPage: 5, sort: '-updated_at', ...filters })

function Shortcut({ label, filters, search }: { label: string; filters: Partial<AdminProductQuery>; search: string }) {
  const total = useAdminProducts(view(filters)).data?.meta.total
  return (
    <li>
      <Link to={staffPath('/bos/admin/products', search)} className="flex items-center justify-between rounded-md px-2 py-1.5 text-sm hover:bg-background">
        <span>{label}</span>
        <span className="font-semibold tabular-nums">{total ?? '…'}</span>
      </Link>
    </li>
  )
}

/** The catalogue's counts that need a look (each a saved view of the product list), straight from the staff list call. */
export function ProductShortcuts() {
  return (
    <ul aria-label="Product views" className="-mx-2 mt-3 flex flex-col">
      <Shortcut label="All products" filters={{}} search="" />
      <Shortcut label="Drafts" filters={{ status: 'draft' }} search="status=draft" />
      <Shortcut label="Out of stock" filters={{ stock: 'out_of_stock' }} search="stock=out_of_stock" />
    </ul>
  )
}
