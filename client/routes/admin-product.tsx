import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { ProductEditor } from '../features/catalogue/staff/product-editor'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminProductRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  return id.success ? <ProductEditor id={id.data} /> : <AdminNotFoundRoute />
}
