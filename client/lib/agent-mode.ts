import { useSyncExternalStore } from 'react'
import { ACTING_FOR_HEADER } from '../../common/contracts/wire'

/**
 * Agent mode (docs/decisions/0034): a sales agent orders for one of their customers. Kept in this tab only
 * (sessionStorage); every call carries `x-acting-for`, which the server honours on the cart, address, coupon and
 * checkout calls only, and for the agent's own customers only.
 */
export interface AgentMode {
  id: number
  name: string
  phone: string | null
}

const KEY = 'agent-mode'
const EVENT = 'agent-mode-change'

export function agentMode(): AgentMode | null {
  if (typeof window === 'undefined') return null
  try {
    const raw = window.sessionStorage.getItem(KEY)
    return raw ? (JSON.parse(raw) as AgentMode) : null
  } catch {
    return null
  }
}

let cached: { raw: string | null; value: AgentMode | null } = { raw: null, value: null }
function snapshot(): AgentMode | null {
  const raw = typeof window === 'undefined' ? null : window.sessionStorage.getItem(KEY)
  if (raw !== cached.raw) cached = { raw, value: agentMode() }
  return cached.value
}

export function setAgentMode(mode: AgentMode | null) {
  if (mode) window.sessionStorage.setItem(KEY, JSON.stringify(mode))
  else window.sessionStorage.removeItem(KEY)
  window.dispatchEvent(new Event(EVENT))
}

export const actingHeaders = (): Record<string, string> => {
  const mode = agentMode()
  return mode ? { [ACTING_FOR_HEADER]: String(mode.id) } : {}
}

const subscribe = (onChange: () => void) => {
  window.addEventListener(EVENT, onChange)
  return () => window.removeEventListener(EVENT, onChange)
}

export const useAgentMode = () => useSyncExternalStore(subscribe, snapshot, () => null)

/** 9876543210 → 98765 43210 */
export const spacedMobile = (phone: string | null) => (phone && /^\d{10}$/.test(phone) ? `${phone.slice(0, 5)} ${phone.slice(5)}` : (phone ?? ''))
