import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { WebhookHeaders } from './types'

export const hmacSha256 = (secret: string, data: Buffer | string, encoding: 'hex' | 'base64') => createHmac('sha256', secret).update(data).digest(encoding)

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/** Constant-time comparison (the SDK helpers use ===); unequal lengths fail before comparing. */
export function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A header's single value, whatever case it was sent in; a repeated header counts as missing. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : undefined
  return undefined
}

/** JSON parsed only after the signature checked out; anything but an object is malformed. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
