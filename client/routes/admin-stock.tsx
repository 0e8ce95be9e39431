import { StockListView } from '../features/admin/stock-list-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminStockRoute() {
  useStaffTitle('Stock')
  return <StockListView />
}
