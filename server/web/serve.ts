import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isPrivateAnswer, PRIVATE_NO_STORE, SHARED_PAGE } from '../platform/cache-headers'
import { AppError } from '../platform/errors'
import { type AppDeps, buildCtx } from '../platform/request-context'
import { requestOrigin } from '../platform/site-context'
import { StartError } from '../platform/start-error'
import { renderedPageCache } from './page-cache'
import { pageData } from './page-data'
import { pageRateLimit } from './page-rate-limit'
import { INSTALLABLE_HEAD, registerInstallable } from './installable'
import { POS_SERVICE_WORKER } from './pos-sw'
import { pageHeadLinks } from './preload'
import { trimmedSearchUrl } from './search-url'
import { sitemapXml } from './sitemap'
import type { pagePattern as PagePattern, RenderResult, ServerRender } from '../../client/entry-server'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Serves the built web client: hashed assets, and every page rendered on the server with its data and head tags. */
export async function registerWeb(app: FastifyInstance, deps: AppDeps) {
  const dist = path.resolve(ROOT, deps.config.WEB_DIST)
  const CLIENT_DIR = path.join(dist, 'client')
  const SERVER_ENTRY = path.join(dist, 'server/entry-server.js')
  if (!existsSync(SERVER_ENTRY)) throw new StartError('The web client is not built: run `npm run build` first')
  const template = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8')
  const { render, pagePattern } = (await import(pathToFileURL(SERVER_ENTRY).href)) as { render: ServerRender; pagePattern: typeof PagePattern }
  const headLinks = pageHeadLinks(CLIENT_DIR)
  // Page loads, not assets: /assets/* and /cdn/* are not counted.
  const onRequest = pageRateLimit(app, deps.config.PAGE_RATE_LIMIT_MAX)

  await app.register(fastifyStatic, {
    root: path.join(CLIENT_DIR, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    preCompressed: true,
    // the bundle's source maps are for the error pipeline's upload (vite.config.ts), not for anyone who asks
    allowedPath: (pathName) => !pathName.endsWith('.map'),
  })

  app.get('/robots.txt', { schema: { hide: true }, onRequest }, async (req, reply) => {
    const origin = requestOrigin(req)
    return reply
      .type('text/plain')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /checkout\nDisallow: /account\nDisallow: /auth\nDisallow: /bos\nDisallow: /pos\nDisallow: /page-builder\nSitemap: ${origin}/sitemap.xml\n`,
      )
  })

  app.get('/pos-sw.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(POS_SERVICE_WORKER),
  )

  registerInstallable(app, deps, CLIENT_DIR, onRequest)

  app.get('/sitemap.xml', { schema: { hide: true }, onRequest }, async (req, reply) => {
    const ctx = await buildCtx(req, deps)
    return reply
      .type('application/xml')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await sitemapXml(ctx, requestOrigin(req)))
  })

  // Each page is counted under its own pattern (metrics), not under this one route that serves them all.
  const labelPage = async (req: FastifyRequest) => {
    req.metricsRoute = patternOf(pagePattern, req.url)
  }
  app.get('/*', { schema: { hide: true }, onRequest: [labelPage, onRequest] }, async (req, reply) => {
    const searchUrl = trimmedSearchUrl(req.url)
    if (searchUrl) return reply.redirect(searchUrl)
    let result: RenderResult
    let cache: Awaited<ReturnType<typeof renderedPageCache>> = null
    const started = Date.now()
    try {
      req.ctx = await buildCtx(req, deps)
      const origin = requestOrigin(req)
      cache = await renderedPageCache(req.ctx, origin, req.url)
      const kept = cache?.hit()
      if (kept) return sendPage(reply, 200, kept, isPrivateAnswer(req, reply))
      const ctx = req.ctx
      const renderPage = () => render({ url: req.url, origin, data: pageData(app.reads, ctx, req.log) })
      result = await (cache ? cache.once(renderPage) : renderPage())
    } catch (err) {
      if (err instanceof AppError && err.status === 404)
        return reply
          .code(404)
          .type('text/html')
          .send(`<!doctype html><title>Not found</title><p>${escapeHtml(err.message)}</p>`)
      throw err
    }
    const html = template
      .replace('<!--app-head-->', result.head + headLinks(result.route) + INSTALLABLE_HEAD + telemetryMeta(req.ctx.site, deps.config))
      .replace('<!--app-html-->', result.html)
      .replace('<!--app-state-->', `<script type="application/json" id="__STATE__">${result.state}</script>`)
    const isPrivate = isPrivateAnswer(req, reply)
    if (cache && result.status === 200 && !isPrivate) cache.keep(html, started)
    return sendPage(reply, result.status, html, isPrivate)
  })
}

/** the page's pattern, or `/*` for an address no page of the web client matches */
function patternOf(pagePattern: typeof PagePattern, url: string) {
  try {
    return pagePattern(new URL(url, 'http://x').pathname)
  } catch {
    return '/*'
  }
}

const sendPage = (reply: FastifyReply, status: number, html: string, isPrivate: boolean) =>
  reply
    .code(status)
    .header('Vary', 'Host, Cookie')
    .header('Cache-Control', isPrivate ? PRIVATE_NO_STORE : SHARED_PAGE)
    .type('text/html; charset=utf-8')
    .send(html)

/**
 * What the lazily loaded analytics and monitoring read (client/app/telemetry.tsx; spec §9): the environment name
 * (default local), the PostHog project key, and the website's monitoring DSN when it has one (a DSN is public).
 */
export function telemetryMeta(site: { monitoringDsn: string | null }, config: Pick<AppDeps['config'], 'APP_ENVIRONMENT' | 'POSTHOG_KEY' | 'SENTRY_DSN'>) {
  const meta = (name: string, content: string) => `\n    <meta name="${name}" content="${escapeHtml(content)}">`
  const dsn = site.monitoringDsn ?? config.SENTRY_DSN
  return meta('environment', config.APP_ENVIRONMENT) + meta('analytics-key', config.POSTHOG_KEY) + (dsn ? meta('monitoring-dsn', dsn) : '')
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
