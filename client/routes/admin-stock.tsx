import { StockListView } from '../features/admin/stock-list-view'

export function AdminStockRoute() {
  return <StockListView />
}
