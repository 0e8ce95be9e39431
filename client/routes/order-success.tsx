import { useDocumentHead } from '../app/use-document-head'
import { OrderSuccess } from '../features/orders/order-success'
import { useInit } from '../lib/init'
import { useEffect } from 'react'
import { useNavigate, useParams } from '../lib/router'

export function OrderSuccessRoute() {
  const { user } = useInit()
  const { ordernumber = '' } = useParams<{ ordernumber: string }>()
  useDocumentHead({ title: 'Order placed' })
  const navigate = useNavigate()
  // Back from here never returns to checkout or the payment provider's page behind it: it goes home (issue 31)
  useEffect(() => {
    window.history.pushState({ orderPlaced: true }, '', window.location.href)
    const home = () => navigate('/', { replace: true })
    window.addEventListener('popstate', home)
    return () => window.removeEventListener('popstate', home)
  }, [navigate])
  if (!user) return null
  return <OrderSuccess key={ordernumber} number={decodeURIComponent(ordernumber)} />
}
