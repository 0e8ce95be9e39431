import { useEffect, useRef, useState } from 'react'
import type { PayPayload } from '../../../common/contracts/checkout'
import { errorText } from '../../lib/error-text'
import { Link, useNavigate } from '../../lib/router'
import { Button, buttonClasses } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { useInit } from '../../lib/init'
import { type ConfirmHint, loadScript, useConfirmPayment, usePayment } from './api'
import { paymentLabel } from '../../lib/order-text'

interface RazorpayInstance {
  open(): void
  on(event: 'payment.failed', fn: (r: { error?: { description?: string } }) => void): void
}
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance
    Cashfree?: (config: { mode: string }) => { checkout(o: { paymentSessionId: string; redirectTarget: string }): Promise<{ error?: { message?: string } }> }
  }
}

type Stage = { kind: 'loading' } | { kind: 'open' } | { kind: 'confirming' } | { kind: 'stopped'; message: string }

export function PaymentFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-border bg-surface p-6 text-center shadow-sm">
        <h1 className="text-xl font-semibold">{title}</h1>
        {children}
      </div>
    </div>
  )
}

/** /checkout/razorpay/{id} and /checkout/cashfree/{id}: opens the provider's checkout for an unpaid order. */
export function PayPage({ provider, orderId }: { provider: 'razorpay' | 'cashfree'; orderId: number }) {
  const navigate = useNavigate()
  const init = useInit()
  const payment = usePayment(orderId)
  const confirm = useConfirmPayment()
  const [stage, setStage] = useState<Stage>({ kind: 'loading' })
  const [round, setRound] = useState(0)
  const started = useRef(-1)
  const siteName = init.web.name

  useEffect(() => {
    const data = payment.data
    if (!data || started.current === round) return
    started.current = round
    setStage({ kind: 'loading' })
    const stop = (message: string) => setStage({ kind: 'stopped', message })
    const open = async (p: PayPayload) => {
      await loadScript(p.script_url)
      if (p.provider === 'razorpay') {
        if (!window.Razorpay || !p.key_id) throw new Error('The payment page could not be loaded.')
        let failure: string | null = null
        const rzp = new window.Razorpay({
          key: p.key_id,
          order_id: p.provider_order_id,
          amount: p.amount,
          currency: p.currency,
          name: siteName,
          description: `Order ${p.order_number}`,
          prefill: { name: p.name, contact: p.contact, ...(p.email ? { email: p.email } : {}) },
          handler: async (hint: ConfirmHint) => {
            setStage({ kind: 'confirming' })
            try {
              await confirm.mutateAsync({ orderId, hint })
            } catch {
              /* the confirm page asks the server again and shows the outcome */
            }
            navigate(`/checkout/confirm/${orderId}`, { replace: true })
          },
          modal: { ondismiss: () => stop(failure ?? 'You closed the payment window before paying.') },
        })
        rzp.on('payment.failed', (r) => {
          failure = `The payment did not go through${r.error?.description ? `: ${r.error.description}` : ''}.`
        })
        rzp.open()
        setStage({ kind: 'open' })
      } else {
        if (!window.Cashfree || !p.payment_session_id) throw new Error('The payment page could not be loaded.')
        setStage({ kind: 'open' })
        const r = await window.Cashfree({ mode: p.mode ?? 'sandbox' }).checkout({ paymentSessionId: p.payment_session_id, redirectTarget: '_self' })
        if (r?.error) stop(r.error.message ?? 'The payment page could not be opened.')
      }
    }
    open(data).catch((err) => stop(errorText(err)))
  }, [payment.data, round, siteName, orderId, navigate, confirm])

  const retry = () => {
    setStage({ kind: 'loading' })
    // a fresh payload reuses the open attempt or starts a new one on the server
    void payment.refetch().then(() => setRound((n) => n + 1))
  }
  const label = paymentLabel(provider)

  if (payment.isError) {
    return (
      <PaymentFrame title="Payment">
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorText(payment.error)}
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button onClick={() => payment.refetch()}>Try again</Button>
          <Link to={`/account/orders/${orderId}`} className={buttonClasses({ variant: 'outline' })}>
            View order
          </Link>
        </div>
      </PaymentFrame>
    )
  }
  if (stage.kind === 'stopped') {
    return (
      <PaymentFrame title="Payment not completed">
        <p role="alert" className="mt-3 text-sm text-muted">
          {stage.message} Your order {payment.data?.order_number} is saved and waiting for payment.
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button size="lg" onClick={retry}>
            Retry payment
          </Button>
          <Link to={`/account/orders/${orderId}`} className={buttonClasses({ variant: 'outline' })}>
            View order
          </Link>
          <Link to="/checkout" className="mt-1 text-sm font-medium text-primary hover:underline">
            Back to checkout
          </Link>
        </div>
      </PaymentFrame>
    )
  }
  return (
    <PaymentFrame title={stage.kind === 'confirming' ? 'Confirming your payment' : `Paying with ${label}`}>
      <div className="mt-6 flex justify-center">
        <Spinner label="Loading" className="size-8 text-primary" />
      </div>
      <p className="mt-4 text-sm text-muted" role="status">
        {stage.kind === 'confirming'
          ? 'Please wait, do not close this page.'
          : stage.kind === 'open'
            ? `Complete the payment in the ${label} window.`
            : `Opening ${label}…`}
      </p>
      {payment.data && <p className="mt-2 text-xs text-muted">Order {payment.data.order_number}</p>}
    </PaymentFrame>
  )
}
