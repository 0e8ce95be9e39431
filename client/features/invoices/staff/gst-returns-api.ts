import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/gst-returns'
import { buildUrl } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'

export function useGstr3b(period: string) {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'gstr3b', period], queryFn: () => api.call(c.getGstr3b, { query: { period } }), retry: false })
}

export function useOrdersWithoutInvoice() {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'orders-without-invoice'], queryFn: () => api.call(c.listOrdersWithoutInvoice) })
}

export const gstr1JsonUrl = (period: string) => buildUrl(c.getGstr1.path, {}, { period })
export const gstr1CsvUrl = (period: string, section: c.Gstr1CsvSection) => buildUrl(c.getGstr1Csv.path, {}, { period, section })
export const tallyXmlUrl = (from: string, to: string) => buildUrl(c.getTallyXml.path, {}, { from, to })
export { GSTR1_CSV_SECTIONS } from '../../../../common/contracts/gst-returns'

const LEDGERS = ['admin', 'tally-ledgers']

export function useTallyLedgers() {
  const api = useApi()
  return useQuery({ queryKey: LEDGERS, queryFn: () => api.call(c.getTallyLedgers) })
}

export function useSaveTallyLedgers() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.TallyLedgersInput) => api.call(c.updateTallyLedgers, { body }),
    onSuccess: (saved) => qc.setQueryData(LEDGERS, saved),
  })
}
