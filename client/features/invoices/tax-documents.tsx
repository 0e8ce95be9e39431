import { useQuery } from '@tanstack/react-query'
import { listOrderTaxDocuments } from '../../../common/contracts/invoices'
import { formatINR } from '../../../common/money'
import { useApi } from '../../lib/api-context'

/**
 * An order's GST tax invoice and credit notes as PDF links (the shopper's order page and the staff order page).
 * Nothing is shown until the invoice is issued (the order is confirmed).
 */
export function TaxDocumentLinks({ orderId, status }: { orderId: number; status?: string }) {
  const api = useApi()
  const q = useQuery({
    // the status is part of the key: a confirmation or cancellation issues a document
    queryKey: ['orders', 'tax-documents', orderId, status],
    queryFn: () => api.call(listOrderTaxDocuments, { params: { id: orderId } }),
  })
  const docs = q.data?.data ?? []
  if (docs.length === 0) return null
  return (
    <ul aria-label="Tax documents" className="space-y-1.5 text-sm">
      {docs.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
          <a href={d.url} target="_blank" rel="noopener" className="font-medium text-primary underline-offset-2 hover:underline">
            <span className="sr-only">Download </span>
            {d.kind === 'invoice' ? `Tax invoice ${d.number}` : `Credit note ${d.number}`}
            <span className="sr-only"> (PDF, opens in a new tab)</span>
          </a>
          <span className="text-muted">
            {d.kind === 'credit_note' ? '− ' : ''}
            {formatINR(Math.round(d.total * 100))} · PDF
          </span>
        </li>
      ))}
    </ul>
  )
}
