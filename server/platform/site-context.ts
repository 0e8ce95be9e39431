import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { SITE_HEADER } from '../../common/contracts/session'
import { findDefaultWebsite, findWebsiteByHost, findWebsiteByOrigin, type WebsiteRow } from '../features/site-settings/queries'
import { AppError } from './errors'

const TTL_MS = 10_000
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Resolves the website a request names (x-web-url, else the Host it came to), cached for a few seconds. */
export function createSiteResolver(db: Db, production: boolean) {
  const cache = new Map<string, { site: WebsiteRow | null; at: number }>()

  async function lookup(origin: string): Promise<WebsiteRow | null> {
    const exact = await findWebsiteByOrigin(db, origin)
    if (exact || production) return exact ?? null
    const url = new URL(origin)
    const scheme = url.protocol.replace(':', '')
    if (url.hostname.endsWith('.localhost')) return (await findWebsiteByHost(db, scheme, url.hostname)) ?? null
    if (LOCAL_HOSTS.has(url.hostname)) return (await findDefaultWebsite(db)) ?? null
    return null
  }

  return {
    async resolve(req: FastifyRequest): Promise<WebsiteRow> {
      const origin = requestOrigin(req)
      const hit = cache.get(origin)
      const fresh = hit !== undefined && Date.now() - hit.at < TTL_MS
      const site = fresh ? hit.site : await lookup(origin)
      if (!fresh) {
        if (cache.size > 1000) cache.clear()
        cache.set(origin, { site, at: Date.now() })
      }
      if (!site) throw new AppError('not_found', `No website is configured for ${origin}`)
      return site
    },
    invalidate: () => cache.clear(),
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
