import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-search'
import { useApi } from '../../../lib/api-context'

const KEY = ['admin', 'search'] as const

export const useSearchMisses = () => {
  const api = useApi()
  return useQuery({ queryKey: [...KEY, 'misses'], queryFn: () => api.call(c.listSearchMisses) })
}
export const useSearchSynonyms = () => {
  const api = useApi()
  return useQuery({ queryKey: [...KEY, 'synonyms'], queryFn: () => api.call(c.listSearchSynonyms) })
}

/** Adding or removing a synonym changes what the store's searches find: staff lists and this tab's answers refresh. */
function useRefresh() {
  const qc = useQueryClient()
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: ['catalogue'] }), qc.invalidateQueries({ queryKey: ['search'] })])
}

export function useAddSynonym() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (body: c.CreateSearchSynonym) => api.call(c.createSearchSynonym, { body }), onSuccess: refresh })
}

export function useRemoveSynonym() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (id: number) => api.call(c.deleteSearchSynonym, { params: { id } }), onSuccess: refresh })
}
