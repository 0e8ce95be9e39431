/** Cashfree's input checks (C.2, C.6), with its `{ message, code, type }` answers. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; code: string }

type Body = Record<string, unknown>
const fail = (message: string, code: string) => ({ ok: false as const, message, code })
const asBody = (v: unknown): Body | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : null)

/** Rupees as a JSON number with at most two decimals, turned into paise. */
function rupeesToPaise(value: unknown): number | null {
  if (typeof value !== 'number' || !/^\d+(\.\d{1,2})?$/.test(String(value))) return null
  return Math.round(value * 100)
}

function stringMap(value: unknown): Record<string, string> | null {
  if (value === undefined || value === null) return {}
  const body = asBody(value)
  if (!body || Object.keys(body).length > 15) return null
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string' || v.length > 255) return null
    out[k] = v
  }
  return out
}

export interface NewOrder {
  orderId: string | null
  amount: number
  currency: string
  customer: Record<string, string>
  meta: { return_url: string | null; notify_url: string | null }
  tags: Record<string, string>
  note: string | null
  expiresAt: number | null
}

export function checkOrder(value: unknown): Checked<NewOrder> {
  const body = asBody(value)
  if (!body) return fail('request body is not valid JSON object', 'request_invalid')
  const amount = rupeesToPaise(body.order_amount)
  if (amount === null) return fail('order_amount : should be a number with at most 2 decimal places', 'order_amount_invalid')
  if (amount < 100) return fail('order_amount : must be at least 1.00', 'order_amount_invalid')
  if (body.order_currency !== 'INR') return fail('order_currency : invalid value provided', 'order_currency_invalid')
  const orderId = body.order_id
  if (orderId !== undefined && (typeof orderId !== 'string' || !/^[A-Za-z0-9_-]{3,45}$/.test(orderId)))
    return fail('order_id : invalid value provided', 'order_id_invalid')
  const customer = asBody(body.customer_details)
  if (!customer || typeof customer.customer_id !== 'string' || !/^[A-Za-z0-9_-]{1,50}$/.test(customer.customer_id))
    return fail('customer_details.customer_id : is missing in the request', 'customer_details.customer_id_missing')
  if (typeof customer.customer_phone !== 'string' || !/^\+?\d{10,14}$/.test(customer.customer_phone))
    return fail('customer_details.customer_phone : is missing or invalid', 'customer_details.customer_phone_invalid')
  const meta = asBody(body.order_meta) ?? {}
  const returnUrl = meta.return_url
  if (returnUrl !== undefined && returnUrl !== null && (typeof returnUrl !== 'string' || returnUrl.length > 250 || !/^https?:\/\//.test(returnUrl)))
    return fail('order_meta.return_url : invalid url', 'order_meta.return_url_invalid')
  const tags = stringMap(body.order_tags)
  if (!tags) return fail('order_tags : should be a map of at most 15 strings', 'order_tags_invalid')
  const expiry = typeof body.order_expiry_time === 'string' ? Date.parse(body.order_expiry_time) : null
  if (expiry !== null && Number.isNaN(expiry)) return fail('order_expiry_time : invalid value provided', 'order_expiry_time_invalid')
  const customerFields: Record<string, string> = {}
  for (const key of ['customer_id', 'customer_phone', 'customer_email', 'customer_name'])
    if (typeof customer[key] === 'string') customerFields[key] = customer[key]
  return {
    ok: true,
    value: {
      orderId: typeof orderId === 'string' ? orderId : null,
      amount,
      currency: 'INR',
      customer: customerFields,
      meta: { return_url: typeof returnUrl === 'string' ? returnUrl : null, notify_url: typeof meta.notify_url === 'string' ? meta.notify_url : null },
      tags,
      note: typeof body.order_note === 'string' ? body.order_note : null,
      expiresAt: expiry,
    },
  }
}

export function checkRefund(value: unknown, refundable: number): Checked<{ amount: number; refundId: string; note: string | null }> {
  const body = asBody(value) ?? {}
  const amount = rupeesToPaise(body.refund_amount)
  if (amount === null || amount < 100) return fail('refund_amount : should be a number of at least 1.00 with at most 2 decimal places', 'refund_amount_invalid')
  if (typeof body.refund_id !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(body.refund_id))
    return fail('refund_id : invalid value provided', 'refund_id_invalid')
  if (body.refund_speed !== undefined && body.refund_speed !== 'STANDARD' && body.refund_speed !== 'INSTANT')
    return fail('refund_speed : invalid value provided', 'refund_speed_invalid')
  if (amount > refundable) return fail('refund amount is greater than the refundable amount', 'refund_amount_invalid')
  return { ok: true, value: { amount, refundId: body.refund_id, note: typeof body.refund_note === 'string' ? body.refund_note : null } }
}
