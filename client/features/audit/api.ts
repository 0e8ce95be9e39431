import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { type AuditQuery, listAudit } from '../../../common/contracts/admin'
import type { Api } from '../../lib/api'
import { useApi } from '../../lib/api-context'

export const auditQuery = (api: Api, query: AuditQuery) =>
  queryOptions({ queryKey: ['admin', 'audit', query], queryFn: () => api.call(listAudit, { query }), placeholderData: keepPreviousData })

export const useAudit = (query: AuditQuery) => useQuery(auditQuery(useApi(), query))
