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
}
