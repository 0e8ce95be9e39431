import { createHmac } from 'node:crypto'

/** Razorpay (B.6): hex HMAC-SHA256 of the raw body with the webhook secret, and a unique event id. */
export function razorpayHeaders(body: Buffer, webhookSecret: string, eventId: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Razorpay-Webhook/v1',
    'x-razorpay-signature': createHmac('sha256', webhookSecret).update(body).digest('hex'),
    'x-razorpay-event-id': eventId,
  }
}

/** Cashfree (C.5): base64 HMAC-SHA256 of timestamp (ms) + raw body with the client secret; new on every attempt. */
export function cashfreeHeaders(
  body: Buffer,
  clientSecret: string,
  o: { eventId: string; timestamp: number; version: string; attempt: number },
): Record<string, string> {
  const ts = String(o.timestamp)
  return {
    'content-type': 'application/json',
    'user-agent': 'Cashfree-Webhook',
    'x-webhook-timestamp': ts,
    'x-webhook-signature': createHmac('sha256', clientSecret).update(ts).update(body).digest('base64'),
    'x-webhook-version': o.version,
    'x-webhook-attempt': String(o.attempt),
    'x-idempotency-key': o.eventId,
  }
}
