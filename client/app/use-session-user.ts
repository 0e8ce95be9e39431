import { useQueryClient } from '@tanstack/react-query'
import type { User } from '../../common/contracts/accounts'
import type { InitData } from '../../common/contracts/site-settings'
import { useApi } from '../lib/api-context'
import { initQuery } from '../lib/init'

/**
 * After sign-in or sign-out: the account menu shows the new user at once, then the init data (cart, pincode)
 * and product answers are fetched again for the new session, and whatever belonged to the previous person is dropped.
 */
export function useSessionUser() {
  const qc = useQueryClient()
  const key = initQuery(useApi()).queryKey
  return async (user: User | null) => {
    qc.removeQueries({ queryKey: ['accounts'] })
    qc.setQueryData<InitData>(key, (old) => (old ? { ...old, user } : old))
    // Product answers carry the shopper's cart quantities and wishlist hearts: the previous person's must go.
    await Promise.all([
      qc.invalidateQueries({ queryKey: key }),
      qc.invalidateQueries({ queryKey: ['catalogue'] }),
      qc.invalidateQueries({ queryKey: ['pages'] }),
    ])
  }
}
