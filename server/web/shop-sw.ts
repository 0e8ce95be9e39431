/**
 * The shopper's service worker, served as /sw.js and registered by the shop's pages with the scope / after the page
 * is idle (client/app/shop-worker.ts; docs/decisions/0059-shopper-pwa.md). It keeps the app shell (the hashed scripts
 * and styles of the shop's pages, named by the build's manifest), the last catalogue pages and catalogue answers
 * (network first, the kept copy when the network fails or is slow), and an offline page for everything else.
 * It never keeps a private answer: only a 200 whose Cache-Control says `public` and neither `private` nor `no-store`
 * (server/platform/cache-headers.ts marks every session's answer `private, no-store`), and never anything under a
 * personal address (account, cart, checkout, orders, session, sign-in…), whatever its headers say.
 * The counter (/pos, its own worker pos-sw.ts, whose narrower scope wins there) and the staff areas are left alone.
 *
 * `storable` and `kindOf` are plain function declarations so that the unit test can run this very text (shop-sw.test.ts).
 */
export interface ShopWorkerOptions {
  /** changes whenever what the worker keeps changes (the build, the website's offline page): old copies are dropped */
  version: string
  /** the app shell's files, e.g. /assets/index-abc.js */
  shell: string[]
  /** how many pages and catalogue answers are kept (the last ones visited) */
  pages?: number
  answers?: number
  /** how long a page may take before a kept copy is shown instead */
  waitMs?: number
}

export const OFFLINE_PAGE = '/offline.html'

export function shopServiceWorker({ version, shell, pages = 30, answers = 60, waitMs = 4000 }: ShopWorkerOptions): string {
  return `'use strict'
const VERSION = ${JSON.stringify(version)}
const SHELL = ${JSON.stringify(shell)}
const OFFLINE = ${JSON.stringify(OFFLINE_PAGE)}
const CACHE = { shell: 'shop-shell-' + VERSION, page: 'shop-pages-' + VERSION, api: 'shop-api-' + VERSION }
const LIMIT = { page: ${pages}, api: ${answers} }
const WAIT_MS = ${waitMs}
// addresses whose answers are personal, whatever their headers say (any segment of the path)
const PERSONAL = /(^|\\/)(account|admin|auth|bos|cart|checkout|khata|login|logout|me|order|orders|page-builder|pos|session|sim|wishlist)(\\/|$)/
// left to the network and to other workers: the counter (pos-sw.js), the staff areas, the payment simulator
const NOT_OURS = /^\\/(pos|bos|page-builder|sim)(\\/|$)/

/** 'shell' (a hashed asset), 'page', 'api' (a public catalogue answer) or null (never kept) */
function kindOf(url) {
  if (url.origin !== self.location.origin) return null
  const path = url.pathname
  if (path.startsWith('/assets/') || SHELL.includes(path)) return 'shell'
  if (PERSONAL.test(path)) return null
  if (/^\\/s\\/api\\/(products|page\\/data)(\\/|$)/.test(path)) return 'api'
  if (path.startsWith('/s/') || path.startsWith('/cdn/') || /\\.[a-z0-9]+$/i.test(path)) return null
  return 'page'
}

/** whether an answer may be kept on the device: a public, complete 200 of a page or a catalogue call */
function storable(url, res) {
  const kind = kindOf(new URL(url))
  if (kind !== 'page' && kind !== 'api') return false
  if (!res || res.status !== 200 || res.redirected || (res.type !== 'basic' && res.type !== 'default')) return false
  const cc = (res.headers.get('cache-control') || '').toLowerCase()
  if (!/(^|[\\s,])public([\\s,]|$)/.test(cc) || /(^|[\\s,])(private|no-store)([\\s,=]|$)/.test(cc)) return false
  if (res.headers.has('set-cookie') || (res.headers.get('vary') || '').trim() === '*') return false
  return true
}

const keyOf = (url) => url.split('#')[0]

function keep(name, url, res) {
  return caches.open(name).then((c) =>
    c.delete(keyOf(url)).then(() => c.put(keyOf(url), res)).then(() => c.keys()).then((keys) => {
      const limit = name === CACHE.page ? LIMIT.page : LIMIT.api
      return Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((k) => c.delete(k)))
    }),
  )
}

/** the network's answer: for a page load, the one the browser asked for while the worker started (navigation preload) */
const answer = (e) => Promise.resolve(e.request.mode === 'navigate' ? e.preloadResponse : undefined).then((res) => res || fetch(e.request))

const kept = (name, url) => caches.open(name).then((c) => c.match(keyOf(url), { ignoreVary: true }))

/** the network's answer (kept when storable); the kept copy when the network fails, or takes longer than WAIT_MS */
function networkFirst(e, req, kind) {
  const name = kind ? CACHE[kind] : null
  let storing
  const network = answer(e).then((res) => {
    if (name && storable(req.url, res)) storing = keep(name, req.url, res.clone()).catch(() => undefined)
    return res
  })
  e.waitUntil(network.then(() => storing, () => undefined))
  const copy = () => (name ? kept(name, req.url) : Promise.resolve(undefined))
  const slow = new Promise((resolve) => setTimeout(resolve, WAIT_MS)).then(copy).then((hit) => hit || network)
  return Promise.race([network, slow]).catch(() =>
    copy()
      .then((hit) => hit || (req.mode === 'navigate' ? caches.match(OFFLINE, { ignoreVary: true }) : undefined))
      .then((hit) => hit || Response.error()),
  )
}

function cacheFirst(req) {
  return caches.match(req, { ignoreVary: true }).then(
    (hit) =>
      hit ||
      fetch(req).then((res) => {
        if (res.ok && res.type === 'basic') {
          const copy = res.clone()
          caches.open(CACHE.shell).then((c) => c.put(req, copy)).catch(() => undefined)
        }
        return res
      }),
  )
}

self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(CACHE.shell)
      .then((c) => c.add(OFFLINE).then(() => Promise.all(SHELL.map((u) => c.add(u).catch(() => undefined)))))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (e) => {
  const current = Object.values(CACHE)
  e.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('shop-') && !current.includes(n)).map((n) => caches.delete(n))))
      // page loads are asked of the network while the worker starts
      .then(() => self.registration && self.registration.navigationPreload && self.registration.navigationPreload.enable())
      .then(() => self.clients.claim())
      // the page that installed the worker loaded before it: keep it too, when it is a public page
      .then(() => self.clients.matchAll({ type: 'window' }))
      .then((windows) =>
        Promise.all(
          windows
            .map((w) => w.url)
            .filter((u) => kindOf(new URL(u)) === 'page')
            .map((u) => fetch(u).then((res) => (storable(u, res) ? keep(CACHE.page, u, res) : undefined)).catch(() => undefined)),
        ),
      ),
  )
})

self.addEventListener('fetch', (e) => {
  const req = e.request
  if (req.method !== 'GET') return
  const url = new URL(req.url)
  if (url.origin !== self.location.origin) return
  if (NOT_OURS.test(url.pathname)) {
    // the network's answer as it is (a page load's preload used, not asked twice)
    if (req.mode === 'navigate') e.respondWith(answer(e))
    return
  }
  const kind = kindOf(url)
  if (kind === 'shell') e.respondWith(cacheFirst(req))
  else if (req.mode === 'navigate') e.respondWith(networkFirst(e, req, kind === 'page' ? 'page' : null))
  else if (kind === 'api') e.respondWith(networkFirst(e, req, 'api'))
})
`
}
