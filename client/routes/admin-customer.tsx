import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { CustomerDetailView } from '../features/accounts/staff/customer-detail-view'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminCustomerRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  return id.success ? <CustomerDetailView id={id.data} /> : <AdminNotFoundRoute />
}
