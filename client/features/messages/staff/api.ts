import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-messages'
import { listMessageLog, type MESSAGE_STATUSES } from '../../../../common/contracts/messages'
import type { MessageTemplateName } from '../../../../common/rules/message-templates'
import { useApi } from '../../../lib/api-context'

const KEY = ['admin', 'message-settings']

export function useMessageSettings() {
  const api = useApi()
  return useQuery({ queryKey: KEY, queryFn: () => api.call(c.getMessageSettings) })
}

export function useSaveMessageSettings() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.MessageSettingsInput) => api.call(c.updateMessageSettings, { body }),
    onSuccess: (saved) => qc.setQueryData(KEY, saved),
  })
}

export function useTestMessaging() {
  const api = useApi()
  return useMutation({ mutationFn: (body: c.TestMessagingInput) => api.call(c.testMessagingConnection, { body }) })
}

export interface LogQuery {
  before?: number
  mobile?: string
  template?: MessageTemplateName
  channel?: 'whatsapp' | 'sms' | 'none'
  status?: (typeof MESSAGE_STATUSES)[number]
}

export function useMessageLog(query: LogQuery) {
  const api = useApi()
  return useQuery({
    queryKey: ['admin', 'messages', query],
    queryFn: () => api.call(listMessageLog, { query }),
    placeholderData: keepPreviousData,
  })
}
