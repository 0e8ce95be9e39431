import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { shopServiceWorker } from './shop-sw'

// The worker's own text, run in a sandbox with a fake cache storage and network: the rules tested are the ones shipped.

const ORIGIN = 'http://localhost:3000'
const PUBLIC = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30'
const API_PUBLIC = 'public, max-age=30'
const PRIVATE = 'private, no-store'

type Handler = (e: unknown) => void

/** a page load: `new Request` refuses mode 'navigate', and the worker reads only url, method and mode */
const navigate = (url: string) => ({ url, method: 'GET', mode: 'navigate' }) as unknown as Request

class FakeCache {
  entries = new Map<string, Response>()
  constructor(private readonly net: (url: string) => Promise<Response>) {}
  private key = (k: string | Request) => new URL(typeof k === 'string' ? k : k.url, ORIGIN).href
  async match(k: string | Request) {
    return this.entries.get(this.key(k))?.clone()
  }
  async put(k: string | Request, res: Response) {
    this.entries.delete(this.key(k))
    this.entries.set(this.key(k), res)
  }
  async add(url: string) {
    const res = await this.net(new URL(url, ORIGIN).href)
    if (!res.ok) throw new TypeError('bad status')
    await this.put(url, res)
  }
  async delete(k: string | Request) {
    return this.entries.delete(this.key(k))
  }
  async keys() {
    return [...this.entries.keys()].map((u) => new Request(u))
  }
}

function worker(opts: { pages?: number; waitMs?: number } = {}) {
  const listeners: Record<string, Handler> = {}
  /** what the network answers, by path; a missing path (or `down`) fails like a cut cable */
  const routes = new Map<string, () => Response>()
  const net = { down: false, asked: [] as string[] }
  const network = async (input: string | Request) => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN)
    net.asked.push(url.pathname + url.search)
    const answer = routes.get(url.pathname + url.search)
    if (net.down || !answer) throw new TypeError('Failed to fetch')
    return answer()
  }
  const stores = new Map<string, FakeCache>()
  const caches = {
    open: async (name: string) => stores.get(name) ?? stores.set(name, new FakeCache(network)).get(name)!,
    match: async (k: string | Request) => {
      for (const c of stores.values()) {
        const hit = await c.match(k)
        if (hit) return hit
      }
      return undefined
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  }
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, f: Handler) => {
      listeners[type] = f
    },
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined, matchAll: async () => [{ url: `${ORIGIN}/` }] },
  }
  const sandbox = vm.createContext({ self, caches, fetch: network, URL, Request, Response, Headers, Promise, setTimeout, console })
  vm.runInContext(shopServiceWorker({ version: 'v1', shell: ['/assets/index-a.js', '/assets/index-a.css'], ...opts }), sandbox)
  const storable = sandbox.storable as (url: string, res: Response) => boolean

  /** dispatches an event; resolves with what the worker answered (undefined: left to the browser) once its work is done */
  function start(type: string, request?: Request, preloadResponse?: Promise<Response>) {
    let answer: Promise<Response> | undefined
    const pending: Promise<unknown>[] = []
    listeners[type]({ request, preloadResponse, respondWith: (p: Promise<Response>) => (answer = p), waitUntil: (p: Promise<unknown>) => pending.push(p) })
    return { answer: Promise.resolve(answer), done: Promise.all(pending) }
  }
  async function dispatch(type: string, request?: Request) {
    const { answer, done } = start(type, request)
    const res = await answer
    await done
    return res
  }
  const visit = (path: string) => dispatch('fetch', navigate(ORIGIN + path))
  const call = (path: string) => dispatch('fetch', new Request(ORIGIN + path))
  const page =
    (body: string, cacheControl = PUBLIC) =>
    () =>
      new Response(body, { headers: { 'cache-control': cacheControl, 'content-type': 'text/html' } })
  return { storable, start, dispatch, visit, call, page, routes, net, stores }
}

describe('which answers the shopper’s worker may keep', () => {
  const { storable } = worker()
  const res = (cacheControl: string | null, init: ResponseInit = {}) =>
    new Response('x', { status: 200, ...init, headers: { ...(cacheControl ? { 'cache-control': cacheControl } : {}), ...(init.headers as object) } })

  it('keeps public catalogue pages and catalogue answers', () => {
    for (const path of ['/', '/products', '/products?c=atta-rice&page=2', '/products/aashirvaad-atta', '/about-us'])
      expect(storable(ORIGIN + path, res(PUBLIC)), path).toBe(true)
    for (const path of ['/s/api/products?q=milk', '/s/api/products/12', '/s/api/products/12/related', '/s/api/page/data/home'])
      expect(storable(ORIGIN + path, res(API_PUBLIC)), path).toBe(true)
  })

  it('never keeps a private answer, an answer without Cache-Control public, or a failure', () => {
    for (const cc of [PRIVATE, 'private', 'no-store', 'public, no-store', 'private, max-age=60', 'no-cache', 'max-age=60', null])
      expect(storable(`${ORIGIN}/products`, res(cc)), String(cc)).toBe(false)
    for (const status of [201, 206, 301, 404, 500, 503]) expect(storable(`${ORIGIN}/products`, res(PUBLIC, { status })), String(status)).toBe(false)
    expect(storable(`${ORIGIN}/products`, res(PUBLIC, { headers: { 'set-cookie': 'sid=1' } }))).toBe(false)
    expect(storable(`${ORIGIN}/products`, res(PUBLIC, { headers: { vary: '*' } }))).toBe(false)
  })

  it('never keeps anything under a personal address, whatever its headers say', () => {
    for (const path of [
      '/account',
      '/account/orders/12',
      '/account/wishlist',
      '/checkout',
      '/checkout/razorpay/3',
      '/order/success/KF-1001',
      '/order/paid/tok',
      '/auth/login',
      '/khata/tok',
      '/cart',
      '/pos',
      '/bos/admin',
      '/s/api/cart',
      '/s/api/orders',
      '/s/api/session',
      '/s/api/init',
      '/s/api/cookie',
      '/s/api/account/addresses',
      '/s/api/products/cart',
      '/s/api/admin/products',
    ])
      expect(storable(ORIGIN + path, res(PUBLIC)), path).toBe(false)
  })

  it('never keeps another site’s answer or a file that is not a page', () => {
    expect(storable('http://shop2.localhost:3000/products', res(PUBLIC))).toBe(false)
    for (const path of ['/sw.js', '/manifest.webmanifest', '/sitemap.xml', '/cdn/media/1.webp', '/s/api/docs/json'])
      expect(storable(ORIGIN + path, res(PUBLIC)), path).toBe(false)
  })
})

describe('the shopper’s worker on a flaky network', () => {
  it('installs the shell and the offline page, and keeps the page that installed it', async () => {
    const w = worker()
    w.routes.set('/offline.html', w.page('offline', 'no-cache'))
    w.routes.set('/assets/index-a.js', () => new Response('js'))
    w.routes.set('/assets/index-a.css', () => new Response('css'))
    w.routes.set('/', w.page('home'))
    await w.dispatch('install')
    await w.dispatch('activate')
    expect([...w.stores.get('shop-shell-v1')!.entries.keys()].map((u) => new URL(u).pathname).sort()).toEqual([
      '/assets/index-a.css',
      '/assets/index-a.js',
      '/offline.html',
    ])
    expect([...w.stores.get('shop-pages-v1')!.entries.keys()]).toEqual([`${ORIGIN}/`])
    // the shell comes from the device, without the network
    w.net.down = true
    expect(await (await w.call('/assets/index-a.js'))!.text()).toBe('js')
  })

  it('shows the network’s page while online and the last copy when the network is gone; a private page is never kept', async () => {
    const w = worker()
    w.routes.set('/offline.html', w.page('offline', 'no-cache'))
    await w.dispatch('install')
    w.routes.set('/products', w.page('products v1'))
    expect(await (await w.visit('/products'))!.text()).toBe('products v1')
    w.routes.set('/products', w.page('products v2'))
    expect(await (await w.visit('/products'))!.text()).toBe('products v2')
    // signed in: the same address answers privately, and that answer is not kept (the public copy stays)
    w.routes.set('/products', w.page('my products', PRIVATE))
    expect(await (await w.visit('/products'))!.text()).toBe('my products')
    w.routes.set('/account', w.page('my account', PUBLIC))
    expect(await (await w.visit('/account'))!.text()).toBe('my account')

    w.net.down = true
    expect(await (await w.visit('/products'))!.text()).toBe('products v2')
    expect(await (await w.visit('/account'))!.text()).toBe('offline')
    expect(await (await w.visit('/products?c=never-seen'))!.text()).toBe('offline')
    expect(w.net.asked.filter((p) => p === '/account')).toHaveLength(2)
    // a catalogue call answers from its copy; a cart call is not the worker's
    expect(await w.call('/s/api/cart')).toBeUndefined()
  })

  it('answers a catalogue call from its copy offline, never a private one', async () => {
    const w = worker()
    w.routes.set('/s/api/products?q=milk', w.page('[milk]', API_PUBLIC))
    w.routes.set('/s/api/products?q=atta', w.page('[my atta]', PRIVATE))
    await w.call('/s/api/products?q=milk')
    await w.call('/s/api/products?q=atta')
    w.net.down = true
    expect(await (await w.call('/s/api/products?q=milk'))!.text()).toBe('[milk]')
    expect((await w.call('/s/api/products?q=atta'))!.type).toBe('error')
  })

  it('uses the page the browser asked for while the worker started (navigation preload), never asking twice', async () => {
    const w = worker()
    const { answer, done } = w.start('fetch', navigate(`${ORIGIN}/products`), Promise.resolve(w.page('preloaded')()))
    expect(await (await answer)!.text()).toBe('preloaded')
    await done
    expect(w.net.asked).toEqual([])
    w.net.down = true
    expect(await (await w.visit('/products'))!.text()).toBe('preloaded')
  })

  it('keeps only the last pages visited', async () => {
    const w = worker({ pages: 3 })
    for (const n of [1, 2, 3, 4, 5]) {
      w.routes.set(`/products?page=${n}`, w.page(`page ${n}`))
      await w.visit(`/products?page=${n}`)
    }
    // visited again: the newest
    await w.visit('/products?page=3')
    expect([...w.stores.get('shop-pages-v1')!.entries.keys()].map((u) => new URL(u).search)).toEqual(['?page=4', '?page=5', '?page=3'])
  })

  it('shows the copy when the network is slow, and keeps the late answer for next time', async () => {
    const w = worker({ waitMs: 20 })
    w.routes.set('/products', w.page('quick'))
    await w.visit('/products')
    let release = () => {}
    const late = new Promise<void>((resolve) => {
      release = resolve
    })
    w.routes.set('/products', () => late.then(() => w.page('late')()) as unknown as Response)
    const { answer, done } = w.start('fetch', navigate(`${ORIGIN}/products`))
    // the copy is shown while the network is still answering
    const shown = await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000))])
    expect(shown).not.toBe('still waiting')
    expect(await (shown as Response).text()).toBe('quick')
    release()
    await done
    w.net.down = true
    expect(await (await w.visit('/products'))!.text()).toBe('late')
  })

  it('leaves the counter and the staff areas alone', async () => {
    const w = worker()
    for (const path of ['/pos', '/pos/sale', '/bos/admin/products', '/page-builder/home', '/sim/demo']) w.routes.set(path, w.page(`page ${path}`))
    // a page load there is the network's answer as it is, never kept; offline, the browser's own error
    for (const path of ['/pos', '/pos/sale', '/bos/admin/products', '/page-builder/home', '/sim/demo'])
      expect(await (await w.visit(path))!.text()).toBe(`page ${path}`)
    expect([...w.stores.keys()].filter((n) => n.startsWith('shop-pages'))).toEqual([])
    w.net.down = true
    await expect(w.visit('/bos/admin/products')).rejects.toThrow('Failed to fetch')
    expect(await w.call('/s/api/pos/catalogue')).toBeUndefined()
    expect(await w.dispatch('fetch', new Request(`${ORIGIN}/s/api/cart`, { method: 'POST', body: '{}' }))).toBeUndefined()
  })

  it('drops the copies of an older version when it takes over, and leaves the counter’s cache alone', async () => {
    const w = worker()
    for (const name of ['shop-pages-old', 'shop-shell-old', 'pos-v1']) w.stores.set(name, new FakeCache(async () => new Response()))
    w.routes.set('/', w.page('home'))
    await w.dispatch('activate')
    expect([...w.stores.keys()].sort()).toEqual(['pos-v1', 'shop-pages-v1'])
  })
})
