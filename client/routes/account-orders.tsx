import { useDocumentHead } from '../app/use-document-head'
import { OrdersList } from '../features/orders/orders-list'
import { useInit } from '../lib/init'

export function AccountOrdersRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Orders' })
  if (!user) return null
  return <OrdersList user={user} />
}
