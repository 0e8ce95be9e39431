import type { User } from '../../common/contracts/accounts'
import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { TaxDocumentLinks } from '../features/invoices/tax-documents'
import { useOrder } from '../features/orders/api'
import { OrderDetailView } from '../features/orders/order-detail'
import { useInit } from '../lib/init'
import { Link, useParams } from '../lib/router'

export function AccountOrderRoute() {
  const { user } = useInit()
  const id = Number(useParams<{ id: string }>().id)
  useDocumentHead({ title: 'Order' })
  if (!user) return null
  if (!Number.isInteger(id) || id <= 0)
    return (
      <p role="alert" className="py-16 text-center text-sm text-danger">
        No such order
      </p>
    )
  return <OrderPage key={id} user={user} id={id} />
}

/** The order in the account's frame, titled by its number once loaded, with its tax documents (invoices'). */
function OrderPage({ user, id }: { user: User; id: number }) {
  const order = useOrder(id).data
  return (
    <AccountLayout
      user={user}
      title={order ? `Order ${order.order_number}` : 'Order'}
      actions={
        <Link to="/account/orders" className="text-sm font-medium text-primary hover:underline">
          All orders
        </Link>
      }
    >
      <OrderDetailView id={id} documents={(o) => <TaxDocumentLinks orderId={o.id} status={o.status} />} />
    </AccountLayout>
  )
}
