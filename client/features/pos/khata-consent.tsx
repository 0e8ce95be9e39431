import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { askKhataConsent, confirmKhataConsent, findKhataCustomer } from '../../../common/contracts/pos-khata'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'

/**
 * "On khata" for a number the shop does not know yet (issue 28): the customer agrees by reading out the code sent to
 * their phone, as a sales agent's new customer does (decision 0047). Once they are the shop's customer, `children`
 * (the khata tender) shows.
 */
export function KhataConsent({ phone, children }: { phone: string; children: ReactNode }) {
  const api = useApi()
  const queryClient = useQueryClient()
  const key = ['pos', 'khata-customer', phone]
  const known = useQuery({ queryKey: key, queryFn: () => api.call(findKhataCustomer, { query: { mobile: phone } }) })
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const [sent, setSent] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (known.isPending) return <p className="text-sm text-muted">Looking up {phone}…</p>
  if (known.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(known.error)}
      </p>
    )
  if (known.data.customer) return <>{children}</>

  const run = async (step: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await step()
    } catch (err) {
      const fields = fieldErrors(err)
      setError(fields.code ?? fields.mobile ?? fields.name ?? errorText(err))
    } finally {
      setBusy(false)
    }
  }
  const ask = () =>
    run(async () => {
      const answer = await api.call(askKhataConsent, { body: { mobile: phone, name: name.trim() || undefined } })
      if ('customer' in answer) queryClient.setQueryData(key, { customer: answer.customer })
      else setSent(answer.minutes)
    })
  const confirm = () =>
    run(async () => {
      const answer = await api.call(confirmKhataConsent, { body: { mobile: phone, code: code.trim(), name: name.trim() || undefined } })
      queryClient.setQueryData(key, { customer: answer.customer })
    })

  return (
    <section className="flex flex-col gap-2" aria-label="Khata consent">
      <p className="text-sm">
        {phone} is not a customer of this shop yet. A khata needs their agreement: send them a code, and they read it out to you if they agree.
      </p>
      <TextField label="Customer's name (optional)" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      {sent === null ? (
        <Button size="lg" variant="outline" loading={busy} onClick={ask}>
          Send consent code
        </Button>
      ) : (
        <>
          <TextField
            label="Code the customer reads out"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={`Sent by SMS to ${phone}; it works for ${sent} minutes.`}
          />
          <div className="flex gap-2">
            <Button size="lg" loading={busy} disabled={!/^\d{6}$/.test(code.trim())} onClick={confirm}>
              Customer agrees
            </Button>
            <Button size="lg" variant="outline" disabled={busy} onClick={ask}>
              Send again
            </Button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  )
}
