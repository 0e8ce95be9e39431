import { useDocumentHead } from '../app/use-document-head'
import { CheckoutPage } from '../features/checkout/checkout-page'
import { useInit } from '../lib/init'

export function CheckoutRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Checkout' })
  if (!user) return null
  return <CheckoutPage />
}
