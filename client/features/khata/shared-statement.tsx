import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as c from '../../../common/contracts/khata-online'
import { useApi } from '../../lib/api-context'
import { ApiError, errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { day, rupees, StatementTable } from './statement-table'

/**
 * A statement shared by the shop (a link with an unguessable token, no sign-in): balance, ledger and "Pay ₹X" (all
 * that is owed or a part) by a dynamic UPI QR, which the page polls until the payment is posted to the khata, or by
 * the provider's hosted payment link (card, netbanking, any UPI app): the customer comes back to `?paid=<id>` and the
 * page polls that payment the same way.
 */
export function SharedStatementView({ token }: { token: string }) {
  const api = useApi()
  const qc = useQueryClient()
  const statement = useQuery({
    queryKey: ['khata', 'shared', token],
    queryFn: () => api.call(c.getSharedStatement, { params: { token } }),
    retry: false,
  })
  const [qr, setQr] = useState<c.SharedQr | null>(null)
  // empty: the whole balance, as it is when the QR is made
  const [amount, setAmount] = useState('')
  const start = useMutation({
    mutationFn: () => api.call(c.paySharedStatement, { params: { token }, body: amount.trim() ? { amount: Number(amount) } : {} }),
    onSuccess: (made) => {
      setQr(made)
      setAmount('')
    },
  })
  const byLink = useMutation({
    mutationFn: () => api.call(c.paySharedStatementByLink, { params: { token }, body: amount.trim() ? { amount: Number(amount) } : {} }),
    onSuccess: (made) => {
      if (made.url) window.location.assign(made.url)
    },
  })
  // back from the payment link's page: that payment, polled until it is posted
  const [returned, setReturned] = useState<number | null>(null)
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('paid'))
    if (Number.isInteger(id) && id > 0) setReturned(id)
  }, [])
  const back = useQuery({
    queryKey: ['khata', 'shared', token, 'link', returned],
    enabled: returned !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
    queryFn: async () => {
      const now = await api.call(c.getSharedPayLink, { params: { token, id: returned! } })
      if (now.status === 'paid') await qc.invalidateQueries({ queryKey: ['khata', 'shared', token], exact: true })
      return now
    },
  })
  useQuery({
    queryKey: ['khata', 'shared', token, 'qr', qr?.qr_id],
    enabled: qr?.status === 'pending',
    refetchInterval: 2000,
    queryFn: async () => {
      const now = await api.call(c.getSharedQr, { params: { token, qr: qr!.qr_id } })
      setQr(now)
      if (now.status === 'paid') await qc.invalidateQueries({ queryKey: ['khata', 'shared', token], exact: true })
      return now
    },
  })
  if (statement.error)
    return (
      <p role="alert">
        {statement.error instanceof ApiError && statement.error.status === 404 ? errorText(statement.error) : 'The statement could not be loaded.'}
      </p>
    )
  if (!statement.data) return <p className="text-muted">Loading…</p>
  const s = statement.data
  const errors = fieldErrors(start.error ?? byLink.error)
  const asked = amount.trim() ? Number(amount) : s.balance
  const paying = qr?.status === 'pending'
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header>
        <h1 className="text-xl font-bold">Khata statement · {s.shop}</h1>
        <p>{s.name}</p>
        <p className="text-xs text-muted">This link works until {day(s.expires_at)}.</p>
      </header>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface p-4">
        <div>
          <p className="text-xs text-muted">Balance owed</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="shared-balance">
            {rupees(s.balance)}
          </p>
        </div>
        {s.balance > 0 && !s.can_pay && <p className="text-sm text-muted">Pay at the shop in cash, UPI or card.</p>}
      </div>
      {s.balance > 0 && s.can_pay && !paying && (
        <form
          aria-label="Pay by UPI"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-surface p-4"
          onSubmit={(e) => {
            e.preventDefault()
            start.mutate()
          }}
        >
          <TextField
            label="Amount to pay (₹)"
            inputMode="decimal"
            placeholder={String(s.balance)}
            hint={`All you owe, or a part of it (at most ${rupees(s.balance)}).`}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
          />
          <Button type="submit" loading={start.isPending}>
            Pay {asked > 0 ? rupees(asked) : ''} by UPI
          </Button>
          {s.can_pay_link && (
            <Button type="button" variant="outline" loading={byLink.isPending} onClick={() => byLink.mutate()}>
              Pay {asked > 0 ? rupees(asked) : ''} by card, netbanking or UPI app
            </Button>
          )}
        </form>
      )}
      <FormAlert message={(start.error ?? byLink.error) && !errors.amount ? errorText(start.error ?? byLink.error) : null} />
      {back.data && (
        <p role="status" className="rounded-lg border border-border bg-surface p-4">
          {back.data.status === 'paid'
            ? `Paid ${rupees(back.data.amount)}. Thank you! Balance now ${rupees(back.data.balance)}.`
            : back.data.status === 'pending'
              ? `Waiting for the payment of ${rupees(back.data.amount)} to be confirmed…`
              : 'This payment link has expired. Tap Pay again for a new one.'}
        </p>
      )}
      {qr && (
        <section aria-label="UPI QR" className="flex flex-col items-center gap-2 rounded-lg border border-border bg-surface p-4" data-qr-id={qr.qr_id}>
          {qr.status === 'pending' && (
            <>
              <img src={qr.image_url} alt={`UPI QR for ${rupees(qr.amount)}`} width={220} height={220} />
              <p>Scan with any UPI app to pay {rupees(qr.amount)}. This page updates when it is paid.</p>
            </>
          )}
          {qr.status === 'paid' && (
            <p role="status">
              Paid {rupees(qr.amount)}. Thank you! Balance now {rupees(qr.balance)}.
            </p>
          )}
          {qr.status === 'expired' && <p role="status">This QR has expired. Tap Pay again for a new one.</p>}
        </section>
      )}
      <section aria-label="Statement" className="rounded-lg border border-border bg-surface p-4">
        <StatementTable entries={s.entries} />
      </section>
    </div>
  )
}
