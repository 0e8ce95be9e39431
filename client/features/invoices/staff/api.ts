import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/invoices'
import { useApi } from '../../../lib/api-context'

const KEY = ['admin', 'tax-settings']

export function useTaxSettings() {
  const api = useApi()
  return useQuery({ queryKey: KEY, queryFn: () => api.call(c.getTaxSettings) })
}

export function useSaveTaxSettings() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.TaxSettingsInput) => api.call(c.updateTaxSettings, { body }),
    onSuccess: (saved) => qc.setQueryData(KEY, saved),
  })
}

/** Invoices for the orders confirmed before the registration was saved (oldest first, numbered today). */
export function useIssueMissingInvoices() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.call(c.issueMissingInvoices),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  })
}
