import { useState } from 'react'
import type { AgentCustomer } from '../../../common/contracts/agents'
import { spacedMobile } from '../../lib/agent-mode'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { useAddCustomer, useConfirmCustomer } from './api'
import { inputClass as input } from './format'

/**
 * A person with an account elsewhere agrees to be added by giving the agent the code sent to them
 * (docs/decisions/0034). Until then nothing of their account is used: the agent only sees what they typed.
 */
export function ConsentCode({
  mobile,
  name,
  onConfirmed,
  onCancel,
}: {
  mobile: string
  name: string
  onConfirmed: (c: AgentCustomer) => void
  onCancel: () => void
}) {
  const confirm = useConfirmCustomer()
  const resend = useAddCustomer()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  async function submit() {
    setError(null)
    try {
      onConfirmed((await confirm.mutateAsync({ mobile, code: code.trim() })) as AgentCustomer)
    } catch (err) {
      setError(errorText(err))
    }
  }
  async function sendAgain() {
    setError(null)
    setNotice(null)
    try {
      const answer = await resend.mutateAsync({ mobile, name })
      if ('consent' in answer) setNotice(`A new code was sent to ${spacedMobile(mobile)}.`)
      else onConfirmed(answer)
    } catch (err) {
      setError(errorText(err))
    }
  }

  return (
    <form
      className="mt-3 grid gap-2 rounded-lg border border-border p-3 text-sm"
      aria-label="Customer's code"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <p>
        {spacedMobile(mobile)} already has an account with us. We sent a 6-digit code by SMS to this number: ask {name} for it. They are added as your customer
        once you enter it, and nothing of their account is used before.
      </p>
      <label className="grid gap-1">
        <span className="text-muted">Code from the customer</span>
        <input
          className={input}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          Confirm and order
        </Button>
        <Button type="button" variant="outline" onClick={() => void sendAgain()} disabled={resend.isPending}>
          Send a new code
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
