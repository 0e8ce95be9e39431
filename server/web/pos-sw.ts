/**
 * The counter's service worker, served as /pos-sw.js and registered by /pos with the scope /pos
 * (docs/decisions/0031-pos-gst-gaps.md): the /pos page reloads offline. The page (network first, the last copy
 * offline) and the hashed assets (cache first: their names change with their content) are kept; nothing else
 * (API calls stay the app's business: the counter keeps its catalogue and queue in IndexedDB).
 */
export const POS_SERVICE_WORKER = `'use strict'
const CACHE = 'pos-v1'
const keep = (key, res) => {
  if (res.ok) {
    const copy = res.clone()
    caches.open(CACHE).then((c) => c.put(key, copy))
  }
  return res
}
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()))
// the page names what it loaded before this worker controlled it (its scripts and styles, its chunk)
self.addEventListener('message', (e) => {
  const urls = (e.data && Array.isArray(e.data.cache) ? e.data.cache : []).filter((u) => typeof u === 'string')
  e.waitUntil(caches.open(CACHE).then((c) => Promise.all(urls.map((u) => c.add(u).catch(() => undefined)))))
})
self.addEventListener('fetch', (e) => {
  const req = e.request
  if (req.method !== 'GET') return
  const url = new URL(req.url)
  if (url.origin !== self.location.origin) return
  if (req.mode === 'navigate' && (url.pathname === '/pos' || url.pathname.startsWith('/pos/'))) {
    e.respondWith(fetch(req).then((res) => keep('/pos', res)).catch(() => caches.match('/pos').then((hit) => hit || Response.error())))
  } else if (url.pathname.startsWith('/assets/')) {
    e.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((res) => keep(req, res))))
  }
})
`
