import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Api, later } from '../../lib/api'
import { useApi } from '../../lib/api-context'

const getPageData = later(() => import('../../../common/contracts/pages').then((m) => m.getPageData))

/** Page data by full path ('/' is home); a missing page is a 404 the layout shows as not found. */
export const pageQuery = (api: Api, url: string) =>
  queryOptions({
    queryKey: ['pages', url],
    queryFn: () => api.call(getPageData, { params: { '*': url === '/' ? '' : url } }),
    staleTime: 60_000,
    retry: false,
  })

export const usePage = (url: string) => useQuery(pageQuery(useApi(), url))
