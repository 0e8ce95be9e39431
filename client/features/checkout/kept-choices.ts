/**
 * What the shopper chose at checkout survives a reload for the session (sessionStorage: address, windows, payment
 * method, notes), and the payment method of the last order placed is remembered on the device (localStorage), so a
 * reorder does not fall back to cash on delivery (issue 31). Nothing personal beyond ids and the shopper's own notes.
 */
export interface KeptChoices {
  addressId?: number
  slots?: Record<number, number>
  method?: string
  notes?: string
}

const SESSION_KEY = 'checkout.choices'
const LAST_METHOD_KEY = 'checkout.last-method'

function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind]
  } catch {
    return null
  }
}

export function keptChoices(): KeptChoices {
  try {
    const raw = storage('sessionStorage')?.getItem(SESSION_KEY)
    const parsed = raw ? (JSON.parse(raw) as unknown) : null
    return parsed && typeof parsed === 'object' ? (parsed as KeptChoices) : {}
  } catch {
    return {}
  }
}

export function keepChoices(change: KeptChoices) {
  try {
    storage('sessionStorage')?.setItem(SESSION_KEY, JSON.stringify({ ...keptChoices(), ...change }))
  } catch {
    /* storage full or refused: the page still works, only forgets on reload */
  }
}

/** The order is placed: its choices are done with; its payment method is the next checkout's first choice. */
export function choicesPlaced(method: string) {
  try {
    storage('sessionStorage')?.removeItem(SESSION_KEY)
    storage('localStorage')?.setItem(LAST_METHOD_KEY, method)
  } catch {
    /* as above */
  }
}

export const lastPaymentMethod = (): string | null => {
  try {
    return storage('localStorage')?.getItem(LAST_METHOD_KEY) ?? null
  } catch {
    return null
  }
}
