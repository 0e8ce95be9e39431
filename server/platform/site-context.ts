import type { FastifyRequest } from 'fastify'
import { SITE_HEADER } from '../../common/contracts/session'
import type { websites } from '../db/schema/sites'
import type { CacheBus } from './cache-bus'
import { createCache } from './cache'
import { AppError } from './errors'

export type WebsiteRow = typeof websites.$inferSelect

/** The website look-ups the resolver needs; site-settings supplies them (server/app.ts), the platform imports no feature. */
export interface WebsiteFinder {
  byOrigin(origin: string): Promise<WebsiteRow | undefined>
  byHost(scheme: string, host: string): Promise<WebsiteRow | undefined>
  byDefault(): Promise<WebsiteRow | undefined>
}

const TTL_MS = 10_000
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Resolves the website a request names (x-web-url, else the Host it came to), cached by origin for a few seconds.
 * A website's write drops its origins, and every origin that answered no website (it may be the new one).
 */
export function createSiteResolver(
  find: WebsiteFinder,
  production: boolean,
  bus: CacheBus,
  { maxBytes = 2 * 1024 * 1024, counted }: { maxBytes?: number; counted?: (hit: boolean) => void } = {},
) {
  const cache = createCache<WebsiteRow | null>({ ttlMs: TTL_MS, maxBytes, live: bus.live, counted })
  bus.onDrop((websiteId) => {
    if (websiteId === null) cache.clear()
    else cache.deleteWhere((_origin, site) => site === null || site.id === websiteId)
  })

  async function lookup(origin: string): Promise<WebsiteRow | null> {
    const exact = await find.byOrigin(origin)
    if (exact || production) return exact ?? null
    const url = new URL(origin)
    const scheme = url.protocol.replace(':', '')
    if (url.hostname.endsWith('.localhost')) return (await find.byHost(scheme, url.hostname)) ?? null
    if (LOCAL_HOSTS.has(url.hostname)) return (await find.byDefault()) ?? null
    return null
  }

  return {
    async resolve(req: FastifyRequest): Promise<WebsiteRow> {
      const origin = requestOrigin(req)
      const site = await cache.getOrLoad(origin, () => lookup(origin))
      if (!site) throw new AppError('not_found', `No website is configured for ${origin}`)
      return site
    },
  }
}

export type SiteResolver = ReturnType<typeof createSiteResolver>

/** scheme + host + port, from x-web-url, else from the Host header. */
export function requestOrigin(req: FastifyRequest): string {
  const named = req.headers[SITE_HEADER]
  const raw = typeof named === 'string' && named ? named : `${req.protocol}://${req.headers.host ?? 'localhost'}`
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme')
    return url.origin
  } catch {
    throw new AppError('invalid', `${SITE_HEADER} must be the site origin, e.g. https://shop.example`)
  }
}
