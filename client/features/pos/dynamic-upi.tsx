import { useEffect, useRef, useState } from 'react'
import { getUpiQr, startUpiQr, type UpiQrAnswer } from '../../../common/contracts/pos'
import { useApi } from '../../lib/api-context'
import { registerChoice } from './pos-store'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { rupees, toPaise, toRupees } from './cart-maths'

const POLL_MS = 2000

/**
 * UPI by the provider's dynamic QR (decision 0027): a single-use QR of the amount made by Razorpay, shown from
 * its `image_url`, polled every 2 s until the provider's webhook marks it paid (then `onPaid` adds the payment
 * with its `qr_id`) or it expires. The screen's word never pays it. When the call fails (no Razorpay, no
 * network) `onUnavailable` says so and the plain `upi://pay` QR confirmed by hand takes its place.
 */
export function DynamicUpi({
  amount,
  onPaid,
  onUnavailable,
}: {
  /** paise */
  amount: number
  onPaid: (qr: UpiQrAnswer) => void
  onUnavailable: (why: string) => void
}) {
  const api = useApi()
  const [qr, setQr] = useState<UpiQrAnswer | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [made, setMade] = useState(amount)
  const paidRef = useRef(onPaid)
  paidRef.current = onPaid
  const unavailableRef = useRef(onUnavailable)
  unavailableRef.current = onUnavailable

  // A QR for the amount (again for "New QR").
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new QR only when asked (attempt), not on every keystroke of the amount
  useEffect(() => {
    let live = true
    setQr(null)
    setMade(amount)
    api
      .call(startUpiQr, { body: { amount: toRupees(amount), ...(registerChoice.get() ? { register_id: registerChoice.get() } : {}) } })
      .then((answer) => live && setQr(answer))
      .catch((err) => live && unavailableRef.current(errorText(err)))
    return () => {
      live = false
    }
  }, [api, attempt])

  // Polling while pending; stops when paid, expired or gone.
  const id = qr?.qr_id
  const pending = qr?.status === 'pending'
  useEffect(() => {
    if (!id || !pending) return
    let live = true
    const timer = setInterval(() => {
      api
        .call(getUpiQr, { params: { id } })
        .then((answer) => {
          if (!live || answer.status === 'pending') return
          live = false
          clearInterval(timer)
          setQr(answer)
          if (answer.status === 'paid') paidRef.current(answer)
        })
        .catch(() => undefined) // a blip: the next tick asks again
    }, POLL_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [api, id, pending])

  if (!qr) return <Spinner label="Making the UPI QR" className="size-8 text-primary" />
  const paise = toPaise(qr.amount)
  return (
    <div className="flex flex-col items-center gap-2" data-qr-id={qr.qr_id}>
      {qr.status === 'pending' && (
        <>
          <img src={qr.image_url} alt={`UPI QR for ${rupees(paise)}`} width={224} height={224} className="size-56 rounded-md bg-white p-1" />
          <p role="status" className="text-center text-sm text-muted">
            Customer scans and pays {rupees(paise)}. Waiting for the payment… it is added by itself.
          </p>
          {amount !== made && amount > 0 && (
            <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              New QR for {rupees(amount)}
            </Button>
          )}
        </>
      )}
      {qr.status === 'paid' && (
        <p role="status" className="text-center font-semibold text-success">
          UPI payment of {rupees(paise)} received
        </p>
      )}
      {qr.status === 'paid' && amount > 0 && (
        <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
          New QR for {rupees(amount)}
        </Button>
      )}
      {qr.status === 'expired' && (
        <>
          <p role="alert" className="text-center text-sm text-danger">
            The QR expired unpaid.
          </p>
          <Button onClick={() => setAttempt((n) => n + 1)}>New QR for {rupees(amount)}</Button>
        </>
      )}
    </div>
  )
}
