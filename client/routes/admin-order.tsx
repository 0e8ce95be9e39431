import { safeParse } from 'zod/v4/core'
import { IdParam } from '../../common/contracts/admin'
import { TaxDocumentLinks } from '../features/invoices/tax-documents'
import { OrderDetailView } from '../features/orders/staff/order-detail-view'
import { useParams } from '../lib/router'
import { AdminNotFoundRoute } from './admin-not-found'

export function AdminOrderRoute() {
  const id = safeParse(IdParam(), useParams<{ id: string }>().id)
  if (!id.success) return <AdminNotFoundRoute />
  // a confirmation, a cancellation or a refund issues a document: the key asks again after each
  return <OrderDetailView id={id.data} documents={(o) => <TaxDocumentLinks orderId={o.id} status={`${o.status}-${o.refunds.length}`} />} />
}
