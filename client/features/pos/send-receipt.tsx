import { useState } from 'react'
import { sendReceipt } from '../../../common/contracts/pos'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { Button } from '../../ui/button'

/**
 * "Send receipt" after a sale (decision 0027): a mobile number (SMS) or an email address; the server queues it in
 * its outbox and answers at once. The customer's mobile given at the sale is filled in.
 */
export function SendReceipt({ orderNumber, phone }: { orderNumber: string; phone?: string }) {
  const api = useApi()
  const [to, setTo] = useState(phone ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const send = async (e: React.FormEvent) => {
    e.preventDefault()
    const value = to.trim()
    if (!value) return setError('Enter a mobile number or an email address')
    const body = value.includes('@') ? { email: value } : { phone: value.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '') }
    setBusy(true)
    setError(null)
    try {
      const answer = await api.call(sendReceipt, { params: { order_number: orderNumber }, body })
      setSent(`Receipt ${answer.channel === 'sms' ? 'SMS' : 'email'} queued to ${answer.to}`)
    } catch (err) {
      const fields = fieldErrors(err)
      setError(fields.phone ?? fields.email ?? Object.values(fields)[0] ?? errorText(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={send} aria-label="Send receipt" className="flex w-full flex-col gap-1" noValidate>
      <label htmlFor="pos-send-to" className="text-sm">
        Send receipt by SMS or email
      </label>
      <div className="flex gap-2">
        <input
          id="pos-send-to"
          autoComplete="off"
          inputMode="email"
          value={to}
          onChange={(e) => {
            setTo(e.target.value)
            setSent(null)
          }}
          placeholder="Mobile number or email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pos-send-error' : undefined}
          className="h-11 min-w-0 flex-1 rounded-md border border-border px-2"
        />
        <Button type="submit" variant="outline" size="lg" loading={busy}>
          Send receipt
        </Button>
      </div>
      {error && (
        <p id="pos-send-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="text-sm text-success">
          {sent}
        </p>
      )}
    </form>
  )
}
