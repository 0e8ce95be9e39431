import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getMessagePreferences, saveMessagePreferences } from '../../../common/contracts/messages'
import { useApi } from '../../lib/api-context'

/** under 'accounts': signing in or out drops it with the rest of the shopper's own data */
const KEY = ['accounts', 'message-preferences']

export function useMessagePreferences() {
  const api = useApi()
  return useQuery({ queryKey: KEY, queryFn: () => api.call(getMessagePreferences), retry: false })
}

export function useSaveMessagePreferences() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: { channel: 'whatsapp' | 'sms'; updates: boolean }) => api.call(saveMessagePreferences, { body }),
    onSuccess: (saved) => qc.setQueryData(KEY, saved),
  })
}
