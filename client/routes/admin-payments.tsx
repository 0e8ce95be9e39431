import { PaymentMethodsView } from '../features/admin/payment-methods-view'

export function AdminPaymentsRoute() {
  return <PaymentMethodsView />
}
