import { useDocumentHead } from '../app/use-document-head'
import { PaymentReceived } from '../features/checkout/payment-received'
import { useParams } from '../lib/router'

/** Where a sales agent's payment link returns the customer: no sign-in, the token is the key (issue 29). */
export function OrderPaidRoute() {
  const { token = '' } = useParams<{ token: string }>()
  useDocumentHead({ title: 'Payment' })
  return <PaymentReceived token={token} />
}
