import { useDocumentHead } from '../app/use-document-head'
import { ConfirmPage } from '../features/checkout/confirm-page'
import { PayPage } from '../features/checkout/pay-page'
import { useInit } from '../lib/init'
import { useParams } from '../lib/router'

function useOrderId() {
  const id = Number(useParams<{ id: string }>().id)
  return Number.isInteger(id) && id > 0 ? id : null
}

const BadLink = () => (
  <p role="alert" className="py-16 text-center text-sm text-danger">
    This payment link is not valid.
  </p>
)

export function CheckoutRazorpayRoute() {
  const { user } = useInit()
  const id = useOrderId()
  useDocumentHead({ title: 'Payment' })
  if (!user) return <BadLink />
  return id ? <PayPage key={id} provider="razorpay" orderId={id} /> : <BadLink />
}

export function CheckoutCashfreeRoute() {
  const { user } = useInit()
  const id = useOrderId()
  useDocumentHead({ title: 'Payment' })
  if (!user) return <BadLink />
  return id ? <PayPage key={id} provider="cashfree" orderId={id} /> : <BadLink />
}

export function CheckoutConfirmRoute() {
  const { user } = useInit()
  const id = useOrderId()
  useDocumentHead({ title: 'Payment confirmation' })
  if (!user) return <BadLink />
  return id ? <ConfirmPage key={id} orderId={id} /> : <BadLink />
}
