import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout, EmptyState } from '../features/accounts/account-layout'
import { useInit } from '../features/site-settings/api'
import { Link } from '../lib/router'
import { buttonClasses } from '../ui/button'

/** The orders list arrives with checkout (issue #5); until then there are no orders to show. */
export function AccountOrdersRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Orders' })
  if (!user) return null
  return (
    <AccountLayout user={user} title="Orders">
      <EmptyState title="No orders yet" action={<Link to="/products" className={buttonClasses()}>Start shopping</Link>}>
        When you place an order, you can follow it here.
      </EmptyState>
    </AccountLayout>
  )
}
