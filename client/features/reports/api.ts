import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { REPORTS, type ReportName, type SalesGroup } from '../../../common/contracts/admin-reports'
import { type Api, buildUrl } from '../../lib/api'
import { useApi } from '../../lib/api-context'

/** The range and grouping a report screen shows: empty values let the server choose (the last 30 days, by day). */
export interface ReportParams {
  from?: string
  to?: string
  group?: SalesGroup
}

const queryOf = (name: ReportName, p: ReportParams) => ({ from: p.from, to: p.to, ...(name === 'sales' ? { group: p.group ?? 'day' } : {}) })

export const reportQuery = <N extends ReportName>(api: Api, name: N, p: ReportParams) =>
  queryOptions({
    queryKey: ['admin', 'reports', name, queryOf(name, p)],
    queryFn: () => api.call(REPORTS[name].json as (typeof REPORTS)[N]['json'], { query: queryOf(name, p) as never }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

export const useReport = <N extends ReportName>(name: N, p: ReportParams) => useQuery(reportQuery(useApi(), name, p))

/** The report's CSV file, for a download link (a plain GET with the session cookie). */
export const reportCsvUrl = (name: ReportName, p: ReportParams) => buildUrl(REPORTS[name].csv.path, {}, queryOf(name, p))
