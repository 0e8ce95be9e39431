import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../common/contracts/admin-pages'
import type { Api } from '../../lib/api'
import { useApi } from '../../lib/api-context'

export const pagesQuery = (api: Api, q: string) =>
  queryOptions({
    queryKey: ['admin', 'pages', 'list', q],
    queryFn: () => api.call(c.listPages, { query: q ? { q } : {} }),
    placeholderData: keepPreviousData,
  })

export const draftQuery = (api: Api, url: string) =>
  queryOptions({ queryKey: ['admin', 'pages', 'draft', url], queryFn: () => api.call(c.getPageDraft, { query: { url } }), retry: false })

export const versionsQuery = (api: Api, url: string) =>
  queryOptions({ queryKey: ['admin', 'pages', 'versions', url], queryFn: () => api.call(c.listPageVersions, { query: { url } }) })

export const usePages = (q: string) => useQuery(pagesQuery(useApi(), q))
export const useDraft = (url: string) => useQuery(draftQuery(useApi(), url))
export const useVersions = (url: string, enabled: boolean) => useQuery({ ...versionsQuery(useApi(), url), enabled })

/** A page write: the lists, the page's draft and versions, and the storefront's copy of the page are stale. */
function useRefresh() {
  const qc = useQueryClient()
  return (url: string) => Promise.all([qc.invalidateQueries({ queryKey: ['admin', 'pages'] }), qc.invalidateQueries({ queryKey: ['pages', url] })])
}

export function useSaveDraft() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.SavePageInput) => api.call(c.savePageDraft, { body }),
    onSuccess: (draft) => {
      qc.setQueryData(draftQuery(api, draft.url).queryKey, draft)
      return qc.invalidateQueries({ queryKey: ['admin', 'pages', 'list'] })
    },
  })
}

export function usePublish() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (url: string) => api.call(c.publishPage, { body: { url } }), onSuccess: (page) => refresh(page.url) })
}

export function useRollback() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (input: { url: string; number: number }) => api.call(c.rollbackPage, { body: input }),
    onSuccess: (page) => refresh(page.url),
  })
}

export function useUnpublish() {
  const api = useApi()
  const refresh = useRefresh()
  return useMutation({ mutationFn: (url: string) => api.call(c.unpublishPage, { body: { url } }), onSuccess: (draft) => refresh(draft.url) })
}

export function useDeletePage() {
  const api = useApi()
  const qc = useQueryClient()
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (url: string) => api.call(c.deletePage, { query: { url } }),
    onSuccess: (_ok, url) => {
      qc.removeQueries({ queryKey: ['admin', 'pages', 'draft', url] })
      return refresh(url)
    },
  })
}

/** The storefront preview's page data for the editor's unsaved page (nothing is stored). */
export function previewPageData(api: Api, body: c.PreviewPageInput) {
  return api.call(c.previewPage, { body })
}
