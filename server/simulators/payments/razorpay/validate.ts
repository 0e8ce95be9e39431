/** Razorpay's input checks and messages (B.2, B.5, B.7), enough to catch an adapter that sends the wrong thing. */
export type Checked<T> = { ok: true; value: T } | { ok: false; description: string; field?: string }

type Body = Record<string, unknown>

const fail = (description: string, field?: string) => ({ ok: false as const, description, field })

export function asBody(value: unknown): Body | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : null
}

/** Razorpay takes paise as an integer or a string of digits. */
function paise(value: unknown): number | 'missing' | 'not_integer' {
  if (value === undefined || value === null || value === '') return 'missing'
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : 'not_integer'
}

function notes(value: unknown): Checked<Record<string, string>> {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return { ok: true, value: {} }
  const body = asBody(value)
  if (!body) return fail('The notes must be an object', 'notes')
  const entries = Object.entries(body)
  if (entries.length > 15) return fail('Number of fields in notes should be less than or equal to 15', 'notes')
  const out: Record<string, string> = {}
  for (const [k, v] of entries) {
    if (typeof v !== 'string' && typeof v !== 'number') return fail(`The notes.${k} must be a string`, 'notes')
    if (String(v).length > 256) return fail('Notes value may not be greater than 256 characters', 'notes')
    out[k] = String(v)
  }
  return { ok: true, value: out }
}

function unknownFields(body: Body, allowed: string[]) {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k))
  return extra.length ? fail(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]) : null
}

const ORDER_FIELDS = ['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount', 'payment_capture', 'offer_id', 'method']

export function checkOrder(value: unknown): Checked<{ amount: number; currency: string; receipt: string | null; notes: Record<string, string> }> {
  const body = asBody(value)
  if (!body) return fail('The request body must be a JSON object')
  const extra = unknownFields(body, ORDER_FIELDS)
  if (extra) return extra
  const amount = paise(body.amount)
  if (amount === 'missing') return fail('The amount field is required.', 'amount')
  if (amount === 'not_integer') return fail('The amount must be an integer.', 'amount')
  if (amount < 100) return fail('The amount must be at least INR 1.00', 'amount')
  if (body.currency === undefined) return fail('The currency field is required.', 'currency')
  if (body.currency !== 'INR') return fail('Currency is not supported', 'currency')
  if (body.receipt !== undefined && body.receipt !== null && typeof body.receipt !== 'string') return fail('The receipt must be a string.', 'receipt')
  if (typeof body.receipt === 'string' && body.receipt.length > 40) return fail('The receipt may not be greater than 40 characters.', 'receipt')
  const n = notes(body.notes)
  if (!n.ok) return n
  return { ok: true, value: { amount, currency: body.currency, receipt: typeof body.receipt === 'string' ? body.receipt : null, notes: n.value } }
}

export function checkCapture(value: unknown, expected: number): Checked<{ amount: number }> {
  const body = asBody(value) ?? {}
  const amount = paise(body.amount)
  if (amount === 'missing') return fail('The amount field is required.', 'amount')
  if (amount === 'not_integer') return fail('The amount must be an integer.', 'amount')
  if (body.currency !== 'INR') return fail('The currency field is required.', 'currency')
  if (amount !== expected) return fail('Capture amount must be equal to the amount authorized', 'amount')
  return { ok: true, value: { amount } }
}

export function checkRefund(
  value: unknown,
  refundable: number,
): Checked<{ amount: number; speed: 'normal' | 'optimum'; receipt: string | null; notes: Record<string, string> }> {
  const body = asBody(value) ?? {}
  const extra = unknownFields(body, ['amount', 'speed', 'notes', 'receipt'])
  if (extra) return extra
  const given = paise(body.amount)
  if (given === 'not_integer') return fail('The amount must be an integer.', 'amount')
  const amount = given === 'missing' ? refundable : given
  if (amount < 100) return fail('The refund amount must be at least INR 1.00', 'amount')
  if (amount > refundable) return fail('The total refund amount is greater than the refund payment amount', 'amount')
  const speed = body.speed ?? 'normal'
  if (speed !== 'normal' && speed !== 'optimum') return fail('The selected speed is invalid.', 'speed')
  if (body.receipt !== undefined && (typeof body.receipt !== 'string' || body.receipt.length > 40))
    return fail('The receipt may not be greater than 40 characters.', 'receipt')
  const n = notes(body.notes)
  if (!n.ok) return n
  return { ok: true, value: { amount, speed, receipt: typeof body.receipt === 'string' ? body.receipt : null, notes: n.value } }
}
