import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { KhataStatementView } from '../features/khata/staff/khata-statement-view'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminKhataRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  return id.success ? <KhataStatementView id={id.data} /> : <AdminNotFoundRoute />
}
