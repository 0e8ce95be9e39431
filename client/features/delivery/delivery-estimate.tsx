import { useQuery } from '@tanstack/react-query'
import { deliveryEstimate } from '../../../common/contracts/delivery'
import { useApi } from '../../lib/api-context'

/** 'Delivery by today 7–9 PM' for the chosen pincode, next to a product's price (issue 18); asks for a pincode when none is chosen. */
export function DeliveryEstimate({ pincode }: { pincode: string | null }) {
  const api = useApi()
  const q = useQuery({ queryKey: ['delivery-estimate', pincode], queryFn: () => api.call(deliveryEstimate), staleTime: 60_000 })
  const e = q.data
  if (!e) return <p className="h-5 text-sm text-muted" aria-hidden="true" />
  return (
    <p className="flex items-center gap-1.5 text-sm" data-testid="delivery-estimate">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 text-primary" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM17.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
      </svg>
      {e.text ? (
        <span>
          <span className="font-semibold text-success">{e.text}</span>
          <span className="text-muted"> · {e.pincode}</span>
        </span>
      ) : (
        <span className="text-muted">{e.message}</span>
      )}
    </p>
  )
}
