import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../common/contracts/admin-site'
import { useApi } from '../../lib/api-context'

const KEY = ['admin', 'site-settings']

export function useSiteEditor() {
  const api = useApi()
  return useQuery({ queryKey: KEY, queryFn: () => api.call(c.getSiteEditor) })
}

export const SAVE_CALLS = {
  site: c.saveSiteIdentity,
  theme: c.saveTheme,
  navigation: c.saveNavigation,
  menus: c.saveMenus,
  popup_seo: c.savePopupSeo,
} as const

/** A save: this screen's answer is replaced, and the storefront's start-up answer cached in this tab is stale. */
export function useSaveGroup(group: c.SiteGroup) {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.call(SAVE_CALLS[group] as typeof c.saveMenus, { body: body as c.MenusInput }),
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved)
      return qc.invalidateQueries({ queryKey: ['init'] })
    },
  })
}
