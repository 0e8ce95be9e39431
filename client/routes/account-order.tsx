import { useDocumentHead } from '../app/use-document-head'
import { OrderDetailView } from '../features/orders/order-detail'
import { useInit } from '../lib/init'
import { useParams } from '../lib/router'

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
  return <OrderDetailView key={id} user={user} id={id} />
}
