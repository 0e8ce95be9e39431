import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { OrderDetailView } from '../features/orders/staff/order-detail-view'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminOrderRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  return id.success ? <OrderDetailView id={id.data} /> : <AdminNotFoundRoute />
}
