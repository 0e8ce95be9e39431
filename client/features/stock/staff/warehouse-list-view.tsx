import { Link, useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button, buttonClasses } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { errorText } from '../../../lib/error-text'
import { PageHeader } from '../../../staff/ui/page-header'
import { PlusIcon } from '../../../staff/ui/staff-icons'
import { useWarehouses } from './api'

const MAX_SHOWN = 8

/** The website's warehouses with the pincodes each serves (a shop has a few: no paging). */
export function WarehouseListView() {
  const navigate = useNavigate()
  const list = useWarehouses()
  return (
    <>
      <PageHeader
        title="Warehouses"
        description="Where stock is kept and which pincodes each one delivers to."
        actions={
          <Link to={staffPath('/bos/admin/warehouses/new')} className={buttonClasses()}>
            <PlusIcon /> Add warehouse
          </Link>
        }
      />
      {list.isPending && (
        <div className="flex justify-center py-24">
          <Spinner label="Loading warehouses" className="size-6 text-primary" />
        </div>
      )}
      {list.error && (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-danger">
            {errorText(list.error)}
          </p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {list.data && (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">Warehouses</caption>
            <thead className="bg-background text-left text-xs uppercase text-muted">
              <tr>
                <th className="px-4 py-3 font-semibold">Warehouse</th>
                <th className="px-4 py-3 font-semibold">Address</th>
                <th className="px-4 py-3 font-semibold">Pincodes served</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((w) => (
                <tr
                  key={w.id}
                  className="cursor-pointer border-t border-border align-top hover:bg-background"
                  onClick={() => navigate(staffPath('/bos/admin/warehouses/:id', { id: w.id }))}
                >
                  <td className="px-4 py-3">
                    <Link to={staffPath('/bos/admin/warehouses/:id', { id: w.id })} className="font-medium text-text hover:text-primary hover:underline">
                      {w.name}
                    </Link>
                    {w.is_default && <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">Default</span>}
                  </td>
                  <td className="px-4 py-3 text-muted">{w.address || '—'}</td>
                  <td className="px-4 py-3">
                    <span className="font-medium">{w.pincodes.length}</span>
                    {w.pincodes.length > 0 && (
                      <span className="ml-2 text-muted">
                        {w.pincodes
                          .slice(0, MAX_SHOWN)
                          .map((p) => p.pincode)
                          .join(', ')}
                        {w.pincodes.length > MAX_SHOWN && ` and ${w.pincodes.length - MAX_SHOWN} more`}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Link
                      to={`${staffPath('/bos/admin/stock')}?warehouse_id=${w.id}`}
                      className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                      onClick={(e) => e.stopPropagation()}
                    >
                      Stock
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
