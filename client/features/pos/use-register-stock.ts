import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { registerStock } from '../../../common/contracts/pos-registers'
import type { Api } from '../../lib/api'

/**
 * What is free to sell of each pack at the register's warehouse (pack id → units), for the tiles; asked again after
 * each sale of the shift (`salesCount`) and every minute while online; null until the first answer.
 */
export function useRegisterStock(api: Api, registerId: number, salesCount: number, online: boolean): Map<number, number> | null {
  return useStockAnswer(api, registerId, salesCount, online, (answer) => new Map(answer.data.map((r) => [r.pack_id, r.available])))
}

/**
 * Of each pack, the units free to sell that are NOT past their expiry (only packs that have expired units): a sale
 * line asking for more takes an expired batch, and the counter warns (decision 0048). The same answer as the tiles'.
 */
export function useFreshAtRegister(api: Api, registerId: number, salesCount: number, online: boolean): Map<number, number> | null {
  return useStockAnswer(
    api,
    registerId,
    salesCount,
    online,
    (answer) => new Map(answer.data.filter((r) => r.expired > 0).map((r) => [r.pack_id, Math.max(r.available - r.expired, 0)])),
  )
}

interface StockAnswer {
  warehouse_id: number
  data: { pack_id: number; available: number; expired: number }[]
}

function useStockAnswer(
  api: Api,
  registerId: number,
  salesCount: number,
  online: boolean,
  select: (answer: StockAnswer) => Map<number, number>,
): Map<number, number> | null {
  const stock = useQuery<StockAnswer, Error, Map<number, number>>({
    queryKey: ['pos', 'stock', registerId, salesCount],
    queryFn: () => api.call(registerStock, { query: { register_id: registerId } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    retry: false,
    // offline (a reload too: the query library starts out believing it is online) it is not asked
    enabled: online,
    select,
  })
  return stock.data ?? null
}
