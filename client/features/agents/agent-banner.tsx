import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { Cart } from '../../../common/contracts/cart'
import { setAgentMode, spacedMobile, useAgentMode } from '../../lib/agent-mode'
import { later } from '../../lib/api'
import { useApi } from '../../lib/api-context'
import { useNavigate } from '../../lib/router'

const getCart = later(() => import('../../../common/contracts/cart').then((m) => m.getCart))

/**
 * Agent mode's banner (docs/decisions/0034): whose order the agent is filling, and the way out. On entering or
 * leaving, the cart shown is replaced by the customer's (or the agent's own again), the way the cart feature replaces
 * it everywhere it is kept (`replaceCart`, given by the layout).
 */
export function AgentBanner({ replaceCart }: { replaceCart: (qc: QueryClient, cart: Cart) => void }) {
  const mode = useAgentMode()
  const api = useApi()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const shown = useRef<number | null | undefined>(undefined)
  useEffect(() => {
    const id = mode?.id ?? null
    if (shown.current === undefined && id === null) {
      shown.current = null
      return
    }
    if (shown.current === id) return
    shown.current = id
    api.call(getCart).then(
      (cart) => replaceCart(qc, cart),
      () => {},
    )
    void qc.invalidateQueries({ queryKey: ['accounts'] })
    void qc.invalidateQueries({ queryKey: ['checkout'] })
  }, [mode?.id, api, qc, replaceCart])
  if (!mode) return null
  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex items-center justify-between gap-3 bg-amber-100 px-3 py-2 text-sm text-amber-950 sm:px-4"
      data-agent-banner
    >
      <p className="min-w-0 truncate">
        <span className="font-semibold">
          Ordering for {mode.name} · {spacedMobile(mode.phone)}
        </span>
        <span className="hidden sm:inline"> — online payment sends the customer a payment link</span>
      </p>
      <button
        type="button"
        className="shrink-0 rounded-md border border-amber-900/30 bg-white/70 px-3 py-1 font-medium hover:bg-white"
        onClick={() => {
          setAgentMode(null)
          navigate('/account/dashboard')
        }}
      >
        Exit
      </button>
    </div>
  )
}
