import { escapeHtml } from '../format'

/** A simulator page: external scripts only (the CSP allows no inline script), the shared stylesheet, the banner. */
export function page(title: string, body: string, scripts: string[] = []): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Payment simulator</title>
<link rel="stylesheet" href="/sim/sim.css">
</head>
<body class="sim-page">
<p class="sim-banner">Payment simulator — no real money</p>
<main>
${body}
</main>
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>
`
}

export const facts = (rows: [string, string][]) =>
  `<dl class="sim-facts">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`

/** An amount in paise as the hosted pages show it (₹123.45). */
export const money = (paise: number, currency: string) => new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(paise / 100)

/** What a provider's hosted payment-link page shows (Razorpay's short_url, Cashfree's link_url). */
export interface LinkView {
  provider: 'Razorpay' | 'Cashfree'
  amount: string
  purpose: string
  customer: string
  /** ms, or null: never */
  expiresAt: number | null
  status: string
  open: boolean
}

/** The page a customer opens from the SMS or email: the request, its status, and Pay or Fail while it is open. */
export function linkPage(l: LinkView): string {
  const body = `<h1 class="sim-title">${l.provider} payment link (simulated)</h1>
<p class="sim-muted">${l.open ? 'Pay this request from the shop.' : `This payment link is ${escapeHtml(l.status.toLowerCase())}.`}</p>
${facts([
  ['Amount', l.amount],
  ['For', l.purpose],
  ['Customer', l.customer],
  ['Expires', l.expiresAt === null ? 'never' : `${new Date(l.expiresAt).toISOString().replace('T', ' ').slice(0, 16)} UTC`],
])}
<p class="sim-status" role="status" aria-live="polite" data-sim="status">Link status: ${escapeHtml(l.status)}</p>
${
  l.open
    ? `<div class="sim-actions">
<button type="button" class="sim-button sim-pay" data-outcome="success">Pay ${l.amount}</button>
<button type="button" class="sim-button sim-fail" data-outcome="failed">Fail</button>
</div>`
    : ''
}`
  return page(`${l.provider} payment link`, body, l.open ? ['/sim/cashfree/pay.js'] : [])
}

export const unknownLinkPage = () => page('Unknown payment link', '<h1 class="sim-title">Unknown payment link</h1>')
