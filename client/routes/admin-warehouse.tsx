import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { WarehouseEditor } from '../features/admin/warehouse-form'
import { useParams } from '../lib/router'
import { useStaffTitle } from '../staff/use-staff-title'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminWarehouseRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  useStaffTitle('Warehouse')
  return id.success ? <WarehouseEditor id={id.data} /> : <AdminNotFoundRoute />
}

export function AdminWarehouseNewRoute() {
  useStaffTitle('New warehouse')
  return <WarehouseEditor id={null} />
}
