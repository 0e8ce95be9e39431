import { useDocumentHead } from '../app/use-document-head'
import { OrderSuccess } from '../features/orders/order-success'
import { useInit } from '../lib/init'
import { useParams } from '../lib/router'

export function OrderSuccessRoute() {
  const { user } = useInit()
  const { ordernumber = '' } = useParams<{ ordernumber: string }>()
  useDocumentHead({ title: 'Order placed' })
  if (!user) return null
  return <OrderSuccess key={ordernumber} number={decodeURIComponent(ordernumber)} />
}
