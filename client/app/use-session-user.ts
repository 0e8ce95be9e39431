import { useQueryClient } from '@tanstack/react-query'
import type { User } from '../../common/contracts/accounts'
import type { InitData } from '../../common/contracts/site-settings'
import { useApi } from '../lib/api-context'
import { initQuery } from '../features/site-settings/api'

/**
 * After sign-in or sign-out: the account menu shows the new user at once, then the init data (cart, pincode)
 * is fetched again for the new session, and whatever belonged to the previous person is dropped.
 */
export function useSessionUser() {
  const qc = useQueryClient()
  const key = initQuery(useApi()).queryKey
  return async (user: User | null) => {
    qc.removeQueries({ queryKey: ['accounts'] })
    qc.setQueryData<InitData>(key, (old) => (old ? { ...old, user } : old))
    await qc.invalidateQueries({ queryKey: key })
  }
}
