import { PaymentMethodsView } from '../features/admin/payment-methods-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminPaymentsRoute() {
  useStaffTitle('Payments')
  return <PaymentMethodsView />
}
