import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { OrdersList } from '../features/orders/orders-list'
import { useInit } from '../lib/init'

export function AccountOrdersRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Orders' })
  if (!user) return null
  return (
    <AccountLayout user={user} title="Orders">
      <OrdersList />
    </AccountLayout>
  )
}
