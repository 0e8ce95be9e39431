/** Cashfree's times: ISO 8601 in India time, e.g. 2026-11-20T12:34:56+05:30. */
export function istTime(ms: number): string {
  return `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`
}

export const unixSeconds = (ms: number) => Math.floor(ms / 1000)

export const rupees = (paise: number) => Math.round(paise) / 100

const MARK = '\u0000rupees:'

/** Marks a paise amount to be written as rupees with exactly two decimals by `providerJson`. */
export const twoDecimals = (paise: number) => `${MARK}${(paise / 100).toFixed(2)}`

/**
 * JSON with amounts written as 170.00 the way Cashfree's webhooks carry them, so a receiver that parses and
 * re-serialises before verifying breaks its own signature check (PAYMENTS.md C.5).
 */
export function providerJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000rupees:(-?\d+\.\d{2})"/g, '$1')
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
