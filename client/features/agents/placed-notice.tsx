import { useEffect, useRef, useState } from 'react'
import type { PaymentLinkAnswer } from '../../../common/contracts/checkout'
import { agentMode, setAgentMode, spacedMobile } from '../../lib/agent-mode'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { useSearchParams } from '../../lib/router'
import { Button } from '../../ui/button'
import { sendLink } from './api'

/** After placing in agent mode: the order's outcome, and an online order's payment link sent to the customer. */
export function PlacedNotice() {
  const api = useApi()
  const [params, setParams] = useSearchParams()
  const placed = Number(params.get('placed') ?? '')
  const method = params.get('method')
  const [link, setLink] = useState<PaymentLinkAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const asked = useRef(false)
  const who = agentMode()
  useEffect(() => {
    if (!placed || !method || method === 'cod' || asked.current) return
    asked.current = true
    sendLink(api, placed).then(setLink, (err) => setError(errorText(err)))
  }, [api, placed, method])
  if (!placed) return null
  const close = () => {
    setParams(new URLSearchParams(), { replace: true })
    setAgentMode(null)
  }
  return (
    <div role="status" className="rounded-xl border border-green-700/30 bg-green-50 p-3 text-sm text-green-950 sm:p-4" data-placed>
      <p className="font-semibold">Order placed{who ? ` for ${who.name}` : ''}.</p>
      {method === 'cod' ? (
        <p>Cash on delivery: the customer pays when it arrives.</p>
      ) : error ? (
        <p className="text-danger">{error}</p>
      ) : !link ? (
        <p>Sending the payment link…</p>
      ) : (
        <p data-payment-link>
          Payment link sent to {link.sent_to.map(spacedMobile).join(' and ')} (valid until{' '}
          {new Date(link.expires_at).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}):{' '}
          <a href={link.url} className="break-all text-primary underline" target="_blank" rel="noreferrer">
            {link.url}
          </a>
        </p>
      )}
      <Button variant="outline" size="sm" className="mt-2" onClick={close}>
        Done
      </Button>
    </div>
  )
}
