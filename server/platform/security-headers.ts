import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'

/**
 * The headers @fastify/helmet would set, computed once: helmet rebuilds its header set on every request,
 * which cost 5–10 % of a cached catalogue answer (bench/README.md).
 */
export function securityHeaders(
  config: Pick<Config, 'NODE_ENV'>,
  extra: { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[]; imgSrc?: string[] } = {},
) {
  const production = config.NODE_ENV === 'production'
  const csp = [
    "default-src 'self'",
    // No inline script may run: the server-rendered page's own inline scripts are JSON (application/json state,
    // application/ld+json), which browsers never execute, and every executable script is a file of ours
    // (SECURITY XS-01..03, XS-10; docs/decisions/0025-page-safety.md). script-src-attr also stops event handlers.
    `script-src ${["'self'", ...(extra.scriptSrc ?? [])].join(' ')}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", 'data:', 'blob:', ...(extra.imgSrc ?? [])].join(' ')}`,
    "font-src 'self'",
    `connect-src ${["'self'", ...(extra.connectSrc ?? [])].join(' ')}`,
    `frame-src ${["'self'", ...(extra.frameSrc ?? [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
}

/**
 * `pages`: a page address (exactly, or below it) whose document gets other headers: the shop counter (`/pos`) may
 * compile WebAssembly ('wasm-unsafe-eval': the camera's barcode reader; no JavaScript eval), no other page.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
  pages: { path: string; headers: Record<string, string> }[] = [],
) {
  app.addHook('onRequest', (req, reply, done) => {
    const path = req.url.split('?')[0]
    reply.headers(pages.find((p) => path === p.path || path.startsWith(`${p.path}/`))?.headers ?? headers)
    done()
  })
}
