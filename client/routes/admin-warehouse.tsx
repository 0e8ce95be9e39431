import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { WarehouseEditor } from '../features/stock/staff/warehouse-form'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminWarehouseRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  return id.success ? <WarehouseEditor id={id.data} /> : <AdminNotFoundRoute />
}

export function AdminWarehouseNewRoute() {
  return <WarehouseEditor id={null} />
}
