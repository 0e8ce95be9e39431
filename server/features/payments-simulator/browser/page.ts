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
