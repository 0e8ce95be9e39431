import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getCart } from '../../../common/contracts/cart'
import * as c from '../../../common/contracts/checkout'
import { useApi } from '../../lib/api-context'

/** After an order is placed or refused the cart has changed on the server: ask again everywhere. */
export function refreshCart(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: ['cart'] }), qc.invalidateQueries({ queryKey: ['init'] })])
}

/** The cart re-priced for one of the shopper's addresses (delivery and serviceability depend on it). */
export function useCheckoutCart(addressId: number | null) {
  const api = useApi()
  return useQuery({
    queryKey: ['cart', 'checkout', addressId],
    queryFn: () => api.call(getCart, { query: addressId ? { address_id: addressId } : {} }),
    placeholderData: (previous) => previous,
  })
}

export function useCheckoutSlots(addressId: number | null) {
  const api = useApi()
  return useQuery({
    queryKey: ['cart', 'checkout-slots', addressId],
    queryFn: () => api.call(c.getCheckoutSlots, { query: { address_id: addressId! } }),
    enabled: addressId !== null,
  })
}

/** The business GSTIN the shopper saved here for B2B invoices (nulls: none). */
export function useSavedBuyer() {
  const api = useApi()
  return useQuery({ queryKey: ['checkout', 'buyer'], queryFn: () => api.call(c.getSavedBuyer), staleTime: 60_000 })
}

export function usePlaceOrder() {
  const api = useApi()
  const qc = useQueryClient()
  // the orders list and the buy-again shelf (['orders', …]) have a new order to show
  return useMutation({
    mutationFn: (body: c.PlaceOrderBody) => api.call(c.placeOrder, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  })
}

export function usePayment(orderId: number) {
  const api = useApi()
  return useQuery({
    queryKey: ['checkout', 'pay', orderId],
    queryFn: () => api.call(c.getPayment, { params: { orderId } }),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
}

export type ConfirmHint = { razorpay_payment_id?: string; razorpay_order_id?: string; razorpay_signature?: string }

export function useConfirmPayment() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, hint }: { orderId: number; hint?: ConfirmHint }) => api.call(c.confirmPayment, { params: { orderId }, body: hint ?? {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  })
}

/** The server asks the provider whether the order is paid; a pending answer is asked again a few times. */
export function useConfirmation(orderId: number) {
  const api = useApi()
  return useQuery({
    queryKey: ['checkout', 'confirm', orderId],
    queryFn: () => api.call(c.confirmPayment, { params: { orderId }, body: {} }),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < 6 ? 2500 : false),
  })
}

export { loadScript } from '../../lib/load-script'
