import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Product } from '../../../common/contracts/catalogue'
import { getBuyAgain } from '../../../common/contracts/orders'
import { useApi } from '../../lib/api-context'

/**
 * The signed-in shopper's buy-again shelf (issue 31): the products, the pack they bought first in each, the one due
 * to run out first first. Nothing while it loads, nor when there is nothing to buy again. Only the data: the page
 * shows it (`children`), so this module is all the home page loads by import() for a signed-in shopper.
 */
export function BuyAgainProducts({ children }: { children: (products: Product[]) => ReactNode }) {
  const api = useApi()
  const shelf = useQuery({ queryKey: ['orders', 'buy-again'], queryFn: () => api.call(getBuyAgain), staleTime: 60_000 })
  const products = shelf.data?.items.map((i) => i.product)
  return products?.length ? children(products) : null
}
