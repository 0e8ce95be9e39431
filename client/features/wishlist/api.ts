import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createWishlistCategory, getWishlist, updateWishlist } from '../../../common/contracts/wishlist'
import type { Api } from '../../lib/api'
import { useApi } from '../../lib/api-context'
import { setSavedFlag } from './wishlist-request'

export const wishlistQuery = (api: Api) => queryOptions({ queryKey: ['wishlist'], queryFn: () => api.call(getWishlist) })

export const useWishlists = () => useQuery(wishlistQuery(useApi()))

/** Toggles a product in a list (null = Default); the product's heart follows the answer. */
export function useToggleWishlist() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ productId, listId }: { productId: number; listId: number | null }) =>
      api.call(updateWishlist, { body: { product_id: productId, wishlist_category_id: listId ?? '' } }),
    onSuccess: async (answer) => {
      setSavedFlag(answer.product_id, answer.wishlist)
      await qc.invalidateQueries({ queryKey: ['wishlist'] })
    },
  })
}

export function useCreateWishlist() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => api.call(createWishlistCategory, { body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['wishlist'] }),
  })
}
