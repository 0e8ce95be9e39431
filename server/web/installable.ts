import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import { APP_ICON_SIZES, appIcon } from '../features/media/app-icon'
import type { AppDeps } from '../platform/request-context'
import { appLook, appManifest, lookVersion } from './app-manifest'
import { appShell } from './app-shell'
import { offlinePage } from './offline-page'
import { OFFLINE_PAGE, shopServiceWorker } from './shop-sw'

/** Head tags of every shop page: the website's manifest and its home-screen icon (each website answers its own). */
export const INSTALLABLE_HEAD = '\n    <link rel="manifest" href="/manifest.webmanifest">\n    <link rel="apple-touch-icon" href="/app-icon-192.png">'

const ICON_CACHE_LIMIT = 200

/**
 * An installable shop (docs/decisions/0059-shopper-pwa.md): per website, its web app manifest, its icons, the
 * shopper's service worker and the page that worker shows offline. Every answer is the website's own: the worker's
 * version covers the build's shell and the website's name and colours, so a change of either installs a new worker.
 */
export function registerInstallable(app: FastifyInstance, deps: AppDeps, clientDir: string, onRequest: onRequestHookHandler) {
  const shell = appShell(clientDir)
  const icons = new Map<string, Promise<Buffer>>()
  const opts = { schema: { hide: true } }
  // drawing an icon costs work: counted as a page load; the manifest, worker and offline page are small and fixed
  const counted = { ...opts, onRequest }
  // the website only: nothing here depends on who asks
  const siteOf = (req: FastifyRequest) => deps.sites.resolve(req)

  app.get('/manifest.webmanifest', opts, async (req, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(JSON.stringify(appManifest(await siteOf(req)))),
  )

  for (const size of APP_ICON_SIZES)
    app.get(`/app-icon-${size}.png`, counted, async (req, reply) => {
      const look = appLook(await siteOf(req))
      const key = `${size}:${lookVersion(look)}`
      let png = icons.get(key)
      if (!png) {
        if (icons.size >= ICON_CACHE_LIMIT) icons.clear()
        png = appIcon(look, size)
        icons.set(key, png)
        png.catch(() => icons.delete(key))
      }
      return reply
        .type('image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .send(await png)
    })

  app.get(OFFLINE_PAGE, opts, async (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(offlinePage(await siteOf(req))),
  )

  app.get('/sw.js', opts, async (req, reply) => {
    const look = appLook(await siteOf(req))
    const version = createHash('sha256')
      .update(`${shell.version}\n${lookVersion(look)}\n${look.page}\n${look.text}`)
      .digest('hex')
      .slice(0, 12)
    const script = shopServiceWorker({ version, shell: [...shell.files, '/app-icon-192.png'] })
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script)
  })
}
