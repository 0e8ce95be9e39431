import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { registerStock } from '../../../common/contracts/pos-registers'
import type { Api } from '../../lib/api'

/**
 * What is free to sell of each pack at the register's warehouse (pack id → units), for the tiles; asked again after
 * each sale of the shift (`salesCount`) and every minute while online; null until the first answer.
 */
export function useRegisterStock(api: Api, registerId: number, salesCount: number, online: boolean): Map<number, number> | null {
  const stock = useQuery({
    queryKey: ['pos', 'stock', registerId, salesCount],
    queryFn: () => api.call(registerStock, { query: { register_id: registerId } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    retry: false,
    // offline (a reload too: the query library starts out believing it is online) it is not asked
    enabled: online,
    select: (answer) => new Map(answer.data.map((r) => [r.pack_id, r.available])),
  })
  return stock.data ?? null
}
