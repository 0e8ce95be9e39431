import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import * as c from '../../../common/contracts/khata-online'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { useInit } from '../../lib/init'
import { loadScript } from '../../lib/load-script'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { rupees } from './statement-table'

interface RazorpayInstance {
  open(): void
}
type Hint = Record<string, string>
type Win = Window & {
  Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance
  Cashfree?: (config: { mode: string }) => { checkout(o: { paymentSessionId: string; redirectTarget: string }): Promise<{ error?: { message?: string } }> }
}

/**
 * The shopper pays their khata (all or part, never more than owed) at the shop's payment provider. The payment is posted
 * when the provider says it is paid; this page then asks the server (and, after Cashfree's redirect, on its return).
 */
export function PayOnline({ balance }: { balance: number }) {
  const api = useApi()
  const qc = useQueryClient()
  const siteName = useInit().web.name
  const [amount, setAmount] = useState(String(balance))
  const [note, setNote] = useState<string | null>(null)
  const refresh = () => qc.invalidateQueries({ queryKey: ['khata', 'mine'] })
  const confirm = useMutation({
    mutationFn: ({ id, hint }: { id: number; hint: Hint }) => api.call(c.confirmMyKhataPayment, { params: { id }, body: hint }),
    onSuccess: (r) => setNote(r.status === 'paid' ? `Payment of ${rupees(r.posted)} received. Thank you!` : r.message),
    onSettled: refresh,
  })
  // back from Cashfree's page: ?khata_payment={id}
  const returned = useRef(false)
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('khata_payment'))
    if (returned.current || !Number.isInteger(id) || id <= 0) return
    returned.current = true
    confirm.mutate({ id, hint: {} })
  }, [confirm])
  const start = useMutation({
    mutationFn: async () => {
      const p = await api.call(c.payMyKhata, { body: { amount: Number(amount) } })
      await loadScript(p.script_url)
      const w = window as Win
      if (p.provider === 'razorpay') {
        if (!w.Razorpay || !p.key_id) throw new Error('The payment page could not be loaded.')
        new w.Razorpay({
          key: p.key_id,
          order_id: p.provider_order_id,
          amount: p.amount,
          currency: p.currency,
          name: siteName,
          description: 'Khata payment',
          handler: (hint: Hint) => confirm.mutate({ id: p.payment_id, hint }),
        }).open()
      } else {
        if (!w.Cashfree || !p.payment_session_id) throw new Error('The payment page could not be loaded.')
        const r = await w.Cashfree({ mode: p.mode ?? 'sandbox' }).checkout({ paymentSessionId: p.payment_session_id, redirectTarget: '_self' })
        if (r?.error) throw new Error(r.error.message ?? 'The payment page could not be opened.')
      }
    },
  })
  const errors = fieldErrors(start.error)
  return (
    <form
      aria-label="Pay your khata"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
      onSubmit={(e) => {
        e.preventDefault()
        setNote(null)
        start.mutate()
      }}
    >
      <h2 className="font-semibold">Pay online</h2>
      <p className="text-sm text-muted">Pay all you owe or a part of it (at most {rupees(balance)}), or pay at the counter in cash, UPI or card.</p>
      <TextField label="Amount to pay (₹)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
      <FormAlert message={start.error && !errors.amount ? errorText(start.error) : null} />
      {note && (
        <p role="status" className="text-sm">
          {note}
        </p>
      )}
      <Button type="submit" loading={start.isPending || confirm.isPending} className="self-start">
        Pay {Number(amount) > 0 ? rupees(Number(amount)) : ''}
      </Button>
    </form>
  )
}
