import { useEffect, useState } from 'react'
import type { PosPaymentMethod } from '../../../common/contracts/pos'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { Modal } from '../../ui/modal'
import { type CartPayment, parseRupees, paymentState, quickTenders, rupees } from './cart-maths'
import { DynamicUpi } from './dynamic-upi'
import { KhataConsent } from './khata-consent'
import { UpiQr, upiLink } from './upi-qr'

const LABEL: Record<PosPaymentMethod, string> = { cash: 'Cash', upi: 'UPI', card: 'Card', khata: 'On khata' }
const UPI_PAYEE_KEY = 'pos-upi-payee'

/**
 * Taking the money: cash (tendered → change), UPI (the provider's dynamic QR, added when its webhook says paid;
 * the plain QR confirmed by hand when the provider is not available), card (the terminal's reference), or several. "Complete sale" only when the payments cover the total.
 */
export function PayDialog({
  open,
  total,
  reference,
  customerPhone,
  shopName,
  online,
  busy,
  error,
  onClose,
  onComplete,
}: {
  open: boolean
  /** paise */
  total: number
  /** the sale's short reference, carried by the UPI QR */
  reference: string
  /** the customer's mobile from the cart: "On khata" puts the amount on their credit book */
  customerPhone: string
  shopName: string
  online: boolean
  busy: boolean
  error: string | null
  onClose: () => void
  onComplete: (payments: CartPayment[]) => void
}) {
  const [payments, setPayments] = useState<CartPayment[]>([])
  const [method, setMethod] = useState<PosPaymentMethod>('cash')
  const [amount, setAmount] = useState('')
  const [cardRef, setCardRef] = useState('')
  const [upiRef, setUpiRef] = useState('')
  const [overrideReason, setOverrideReason] = useState('')
  const [payee, setPayee] = useState(() => (typeof localStorage === 'undefined' ? '' : (localStorage.getItem(UPI_PAYEE_KEY) ?? '')))
  const [local, setLocal] = useState<string | null>(null)
  /** why the provider's QR is not used (then the plain QR): null while it is */
  const [plainUpi, setPlainUpi] = useState<string | null>(null)
  /** the provider's QR is made only once the cashier confirms the amount UPI pays (a split is chosen first) */
  const [upiConfirmed, setUpiConfirmed] = useState(false)
  const state = paymentState(total, payments)

  useEffect(() => {
    if (!open) {
      setPayments([])
      setMethod('cash')
      setLocal(null)
      setPlainUpi(null)
      setOverrideReason('')
    }
    setUpiConfirmed(false)
  }, [open])
  // The amount field follows what is still due.
  useEffect(() => setAmount(state.due > 0 ? String(state.due / 100) : ''), [state.due])

  const typed = parseRupees(amount)
  const add = (m: PosPaymentMethod, paise: number | null, ref?: string, qrId?: string, override?: string) => {
    if (!paise || paise <= 0) return setLocal('Enter an amount more than zero')
    if (m !== 'cash' && paise > state.due) return setLocal(`${LABEL[m]} can be at most what is due (${rupees(state.due)})`)
    if (m !== 'cash' && !online) return setLocal(`${LABEL[m]} needs the network; take cash while offline`)
    setLocal(null)
    setPayments((now) => [
      ...now,
      { method: m, amount: paise, ...(ref ? { reference: ref } : {}), ...(qrId ? { qr_id: qrId } : {}), ...(override ? { override_reason: override } : {}) },
    ])
    setCardRef('')
    setUpiRef('')
  }
  const savePayee = (v: string) => {
    setPayee(v)
    localStorage.setItem(UPI_PAYEE_KEY, v)
  }
  const upiAmount = typed && typed <= state.due ? typed : state.due
  const confirmUpi = () => {
    if (!typed || typed <= 0) return setLocal('Enter an amount more than zero')
    if (typed > state.due) return setLocal(`UPI can be at most what is due (${rupees(state.due)})`)
    setLocal(null)
    setUpiConfirmed(true)
  }

  return (
    <Modal open={open} onClose={onClose} title={`Take payment: ${rupees(total)}`} width={720} dismissible={!busy}>
      <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
        <div className="flex flex-col gap-3">
          <div role="tablist" aria-label="Payment method" className="grid grid-cols-4 gap-2">
            {(['cash', 'upi', 'card', 'khata'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={method === m}
                onClick={() => {
                  setMethod(m)
                  setUpiConfirmed(false)
                }}
                className={cn('h-12 rounded-md border text-base', method === m ? 'border-primary bg-primary/10 font-semibold' : 'border-border bg-surface')}
              >
                {LABEL[m]}
                {m !== 'cash' && !online && <span className="block text-xs text-muted">needs network</span>}
              </button>
            ))}
          </div>
          <FormAlert message={local ?? state.problem} />
          {state.due > 0 && (
            <TextField
              label={method === 'cash' ? 'Cash tendered (₹)' : 'Amount (₹)'}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              className="[&_input]:h-12 [&_input]:text-lg"
            />
          )}
          {state.due > 0 && method === 'cash' && (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-2">
                {quickTenders(state.due).map((v) => (
                  <Button key={v} variant="outline" size="lg" onClick={() => add('cash', v)}>
                    {rupees(v)}
                  </Button>
                ))}
              </div>
              <Button size="lg" onClick={() => add('cash', typed)}>
                Add cash {typed ? rupees(typed) : ''}
              </Button>
            </div>
          )}
          {state.due > 0 && method === 'card' && (
            <div className="flex flex-col gap-2">
              <TextField label="Terminal reference (approval code)" value={cardRef} onChange={(e) => setCardRef(e.target.value)} />
              <Button size="lg" disabled={!online} onClick={() => add('card', typed, cardRef.trim() || undefined)}>
                Card paid {typed ? rupees(typed) : ''}
              </Button>
            </div>
          )}
          {state.due > 0 && method === 'khata' && (
            <div className="flex flex-col gap-2">
              {/^[6-9]\d{9}$/.test(customerPhone) ? (
                <KhataConsent phone={customerPhone}>
                  <p className="text-sm text-muted">Goes on the khata of {customerPhone}, within their credit limit. The sale still gets its GST invoice.</p>
                  <TextField
                    label="Over the limit? Admin's reason (optional)"
                    value={overrideReason}
                    onChange={(e) => setOverrideReason(e.target.value)}
                    placeholder="Only when the owner agreed to more credit"
                  />
                  <Button size="lg" disabled={!online} onClick={() => add('khata', typed, undefined, undefined, overrideReason.trim() || undefined)}>
                    Put {typed ? rupees(typed) : ''} on khata
                  </Button>
                </KhataConsent>
              ) : (
                <p role="alert" className="rounded-md bg-accent/20 p-2 text-sm">
                  Enter the customer's mobile number in the cart first: the khata is theirs.
                </p>
              )}
            </div>
          )}
          {state.due > 0 && method === 'upi' && online && plainUpi === null && !upiConfirmed && (
            <Button size="lg" onClick={confirmUpi}>
              Show UPI QR for {rupees(upiAmount)}
            </Button>
          )}
          {state.due > 0 && method === 'upi' && online && plainUpi === null && upiConfirmed && (
            <div className="flex flex-col items-center gap-2">
              <DynamicUpi
                amount={upiAmount}
                onPaid={(qr) => {
                  add('upi', Math.round(qr.amount * 100), qr.payment_id ?? undefined, qr.qr_id)
                  setUpiConfirmed(false)
                }}
                onUnavailable={(why) => setPlainUpi(why)}
              />
              <button type="button" className="text-sm text-primary underline" onClick={() => setPlainUpi('')}>
                Use the plain UPI QR instead
              </button>
            </div>
          )}
          {state.due > 0 && method === 'upi' && (!online || plainUpi !== null) && (
            <div className="flex flex-col items-center gap-2">
              {plainUpi && (
                <p role="alert" className="w-full rounded-md bg-accent/20 p-2 text-sm">
                  Provider QR unavailable ({plainUpi}) — use the plain UPI QR and check the customer's app.
                </p>
              )}
              <TextField
                label="Shop's UPI ID (payee)"
                value={payee}
                onChange={(e) => savePayee(e.target.value.trim())}
                placeholder="shopname@okbank"
                className="w-full"
              />
              {/^[\w.-]+@[\w.-]+$/.test(payee) ? (
                <>
                  <UpiQr
                    link={upiLink({ payee, name: shopName, amount: upiAmount, reference })}
                    label={`UPI QR for ${rupees(upiAmount)} to ${payee}, reference ${reference}`}
                  />
                  <p className="text-center text-sm text-muted">
                    Customer scans and pays {rupees(upiAmount)} (ref {reference}). Check their app shows it paid, then confirm.
                  </p>
                  <TextField label="UPI transaction ID (optional)" value={upiRef} onChange={(e) => setUpiRef(e.target.value)} className="w-full" />
                  <Button size="lg" className="w-full" disabled={!online} onClick={() => add('upi', upiAmount, upiRef.trim() || reference)}>
                    Customer paid {rupees(upiAmount)} by UPI
                  </Button>
                </>
              ) : (
                <p className="text-sm text-muted">Enter the shop's UPI ID to show the QR (kept on this counter).</p>
              )}
            </div>
          )}
        </div>
        <aside className="flex flex-col gap-3 rounded-lg bg-background p-3" aria-label="Payments taken">
          <dl className="flex flex-col gap-1 tabular-nums">
            <div className="flex justify-between">
              <dt>Total</dt>
              <dd className="font-semibold">{rupees(total)}</dd>
            </div>
            {payments.map((p, i) => (
              <div key={`${p.method}-${i}`} className="flex items-center justify-between gap-2">
                <dt>
                  {LABEL[p.method]}
                  {p.reference && <span className="block text-xs text-muted">{p.reference}</span>}
                </dt>
                <dd className="flex items-center gap-1">
                  {rupees(p.amount)}
                  <button
                    type="button"
                    aria-label={`Remove ${LABEL[p.method]} ${rupees(p.amount)}`}
                    onClick={() => setPayments(payments.filter((_, j) => j !== i))}
                    className="flex size-9 items-center justify-center rounded-md text-muted hover:bg-surface"
                  >
                    ✕
                  </button>
                </dd>
              </div>
            ))}
            <div className="flex justify-between border-t border-border pt-1 text-lg">
              <dt>{state.due > 0 ? 'Still due' : 'Change due'}</dt>
              <dd className="font-bold" data-testid={state.due > 0 ? 'still-due' : 'change-due'}>
                {rupees(state.due > 0 ? state.due : state.change)}
              </dd>
            </div>
          </dl>
          <FormAlert message={error} />
          <Button size="lg" className="mt-auto h-14 text-lg" disabled={!state.covered} loading={busy} onClick={() => onComplete(payments)}>
            Complete sale
          </Button>
        </aside>
      </div>
    </Modal>
  )
}
