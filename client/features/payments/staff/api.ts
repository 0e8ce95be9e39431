import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-payments'
import { useApi } from '../../../lib/api-context'

const KEY = ['admin', 'payment-methods']

export function usePaymentMethods() {
  const api = useApi()
  return useQuery({ queryKey: KEY, queryFn: () => api.call(c.getPaymentMethods) })
}

/** A save: this screen and the cart answers cached in this tab (the methods offered) are stale. */
export function useSavePaymentMethods() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.PaymentMethodsInput) => api.call(c.updatePaymentMethods, { body }),
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved)
      return qc.invalidateQueries({ queryKey: ['cart'] })
    },
  })
}

export function useTestConnection() {
  const api = useApi()
  return useMutation({ mutationFn: (body: c.TestConnectionInput) => api.call(c.testPaymentConnection, { body }) })
}
