import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InitData } from '../../common/contracts/site-settings'
import { type Api, later } from './api'
import { useApi } from './api-context'

// Contracts named by later() load at the first call, not with the page (lib/api.ts).
const getInit = later(() => import('../../common/contracts/site-settings').then((m) => m.getInit))

export const initQuery = (api: Api) => queryOptions({ queryKey: ['init'], queryFn: () => api.call(getInit), staleTime: 60_000 })

/**
 * The site data of GET /api/init (who is signed in, the website, its menus and the cart): every part of the app reads
 * it, so it lives here rather than in site-settings, the feature that serves it. The root layout only renders once it is there.
 */
export function useInit(): InitData {
  const { data } = useQuery(initQuery(useApi()))
  if (!data) throw new Error('useInit before startup finished')
  return data
}

export const useInitMaybe = () => useQuery(initQuery(useApi())).data
