import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import type { Product } from '../../../common/contracts/catalogue'
import type { SaleInput } from '../../../common/contracts/pos'

/**
 * What the counter keeps in the browser (IndexedDB, per origin): the catalogue and prices it last read (to keep
 * selling offline), the barcodes it has resolved, and the sales made offline waiting to be sent, by client id.
 */
export interface QueuedSale {
  client_id: string
  body: SaleInput
  queued_at: string
  /** paise, for the waiting list */
  total: number
}

export interface CodeHit {
  product_id: number
  pack_id: number
}

interface PosDb extends DBSchema {
  queue: { key: string; value: QueuedSale }
  catalogue: { key: string; value: { products: Product[]; at: string } }
  codes: { key: string; value: CodeHit }
}

let dbPromise: Promise<IDBPDatabase<PosDb>> | null = null

function db() {
  dbPromise ??= openDB<PosDb>(`pos-${location.host}`, 1, {
    upgrade(d) {
      d.createObjectStore('queue', { keyPath: 'client_id' })
      d.createObjectStore('catalogue')
      d.createObjectStore('codes')
    },
  })
  return dbPromise
}

export const queue = {
  add: async (sale: QueuedSale) => void (await (await db()).put('queue', sale)),
  all: async () => (await (await db()).getAll('queue')).sort((a, b) => a.queued_at.localeCompare(b.queued_at)),
  remove: async (clientId: string) => (await db()).delete('queue', clientId),
}

export const catalogueStore = {
  get: async () => (await (await db()).get('catalogue', 'products')) ?? null,
  put: async (products: Product[]) => void (await (await db()).put('catalogue', { products, at: new Date().toISOString() }, 'products')),
}

export const codeStore = {
  get: async (code: string) => (await (await db()).get('codes', code.toLowerCase())) ?? null,
  put: async (code: string, hit: CodeHit) => void (await (await db()).put('codes', hit, code.toLowerCase())),
  /** every code of the website at once, in one transaction */
  putAll: async (hits: (CodeHit & { code: string })[]) => {
    const tx = (await db()).transaction('codes', 'readwrite')
    await Promise.all([...hits.map((h) => tx.store.put({ product_id: h.product_id, pack_id: h.pack_id }, h.code.toLowerCase())), tx.done])
  },
}

const REGISTER_KEY = 'pos.register'
const SHIFT_KEY = 'pos.shift'

/** The last shift answer of the register, so the counter reloads offline (the page comes from the service worker). */
export const shiftCopy = {
  get: <T>(registerId: number | undefined): T | undefined => {
    try {
      const raw = localStorage.getItem(`${SHIFT_KEY}.${registerId ?? 0}`)
      return raw ? (JSON.parse(raw) as T) : undefined
    } catch {
      return undefined
    }
  },
  set: (registerId: number | undefined, value: unknown) => {
    try {
      if (value === null || value === undefined) localStorage.removeItem(`${SHIFT_KEY}.${registerId ?? 0}`)
      else localStorage.setItem(`${SHIFT_KEY}.${registerId ?? 0}`, JSON.stringify(value))
    } catch {
      // full or private: the counter then needs the network to reload
    }
  },
}

/**
 * The counter's service worker (scope /pos): /pos reloads offline. It is told which assets this page loaded before
 * it took control, so they are kept too.
 */
export function keepPosOffline() {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker
    .register('/pos-sw.js', { scope: '/pos' })
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => {
      const assets = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => {
          const url = new URL(u)
          return url.origin === location.origin && url.pathname.startsWith('/assets/')
        })
      reg.active?.postMessage({ cache: [location.pathname, ...assets] })
    })
    .catch(() => undefined)
}

/**
 * The register this device works on, chosen when a shift is opened and remembered (localStorage) so the counter
 * opens on it next time; undefined: the website's demo register.
 */
export const registerChoice = {
  get: (): number | undefined => {
    try {
      const n = Number(localStorage.getItem(REGISTER_KEY))
      return Number.isInteger(n) && n > 0 ? n : undefined
    } catch {
      return undefined
    }
  },
  set: (id: number | undefined) => {
    try {
      if (id) localStorage.setItem(REGISTER_KEY, String(id))
      else localStorage.removeItem(REGISTER_KEY)
    } catch {
      // private mode: the choice lasts as long as the page
    }
  },
}

/** The sale being rung up, kept on this device until it is sold or cleared, so a reload does not lose it. */
export interface SaleInProgress<Line> {
  client_id: string
  lines: Line[]
  order_discount: string
  phone: string
  coupon: string
}

const SALE_KEY = 'pos.sale'

export const saleCopy = {
  get: <Line>(registerId: number): SaleInProgress<Line> | undefined => {
    try {
      const raw = localStorage.getItem(`${SALE_KEY}.${registerId}`)
      const sale = raw ? (JSON.parse(raw) as SaleInProgress<Line>) : undefined
      return sale && Array.isArray(sale.lines) && typeof sale.client_id === 'string' ? sale : undefined
    } catch {
      return undefined
    }
  },
  set: <Line>(registerId: number, sale: SaleInProgress<Line>) => {
    try {
      const empty = sale.lines.length === 0 && !sale.order_discount && !sale.phone && !sale.coupon
      if (empty) localStorage.removeItem(`${SALE_KEY}.${registerId}`)
      else localStorage.setItem(`${SALE_KEY}.${registerId}`, JSON.stringify(sale))
    } catch {
      // full or private: the sale lasts as long as the page
    }
  },
}
