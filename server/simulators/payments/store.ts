import { type SQL, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import type {
  CfAccount,
  CfLinkRec,
  CfOrderRec,
  CfPaymentRec,
  CfRefundRec,
  IdempotentAnswer,
  RzpAccount,
  RzpLinkRec,
  RzpOrderRec,
  RzpPaymentRec,
  RzpQrRec,
  RzpRefundRec,
  SavedEvent,
} from './state'

/** The record changed since it was read (another request or process wrote it first): the work runs again on fresh records. */
export class StaleRecord extends Error {}

/** the version each record object was read at, for `put` */
const versions = new WeakMap<object, number>()

interface Row {
  data: unknown
  version: number
}

/** Where records live: rows of payment_simulator.records (PostgreSQL), or this process's memory (PGlite, see `memoryRows`). */
export interface Rows {
  get(kind: string, id: string): Promise<Row | undefined>
  /** the rows whose data includes these fields, oldest first */
  find(kind: string, match: object): Promise<Row[]>
  /** false when the key is taken */
  insert(kind: string, id: string, data: object): Promise<boolean>
  upsert(kind: string, id: string, data: object): Promise<void>
  /** false when the row's version is not `version` any more */
  update(kind: string, id: string, data: object, version: number): Promise<boolean>
}

export function sqlRows(db: Db | Tx): Rows {
  const rows = async (query: SQL) => rowsOf<Row>(await db.execute(query))
  return {
    get: async (kind, id) => (await rows(sql`select data, version from payment_simulator.records where kind = ${kind} and id = ${id}`))[0],
    find: (kind, match) =>
      rows(sql`select data, version from payment_simulator.records where kind = ${kind} and data @> ${JSON.stringify(match)}::jsonb order by seq`),
    insert: async (kind, id, data) =>
      (
        await rows(sql`insert into payment_simulator.records (kind, id, data) values (${kind}, ${id}, ${JSON.stringify(data)}::jsonb)
        on conflict do nothing returning version`)
      ).length > 0,
    async upsert(kind, id, data) {
      await db.execute(sql`insert into payment_simulator.records (kind, id, data) values (${kind}, ${id}, ${JSON.stringify(data)}::jsonb)
        on conflict (kind, id) do update set data = excluded.data, version = records.version + 1`)
    },
    update: async (kind, id, data, version) =>
      (
        await rows(sql`update payment_simulator.records set data = ${JSON.stringify(data)}::jsonb, version = version + 1
        where kind = ${kind} and id = ${id} and version = ${version} returning version`)
      ).length > 0,
  }
}

/** The same rows in a Map, kept as JSON text so that a record read is a copy, as from the database. */
export function memoryRows(): Rows & { clear(): void } {
  let rows = new Map<string, { text: string; version: number }>()
  const at = (kind: string, id: string) => `${kind}\u0000${id}`
  const row = (r: { text: string; version: number }): Row => ({ data: JSON.parse(r.text), version: r.version })
  const includes = (data: Record<string, unknown>, match: object) => Object.entries(match).every(([k, v]) => JSON.stringify(data[k]) === JSON.stringify(v))
  return {
    get: async (kind, id) => {
      const r = rows.get(at(kind, id))
      return r && row(r)
    },
    find: async (kind, match) =>
      [...rows.entries()]
        .filter(([k]) => k.startsWith(`${kind}\u0000`))
        .map(([, r]) => row(r))
        .filter((r) => includes(r.data as Record<string, unknown>, match)),
    async insert(kind, id, data) {
      if (rows.has(at(kind, id))) return false
      rows.set(at(kind, id), { text: JSON.stringify(data), version: 1 })
      return true
    },
    async upsert(kind, id, data) {
      rows.set(at(kind, id), { text: JSON.stringify(data), version: (rows.get(at(kind, id))?.version ?? 0) + 1 })
    },
    async update(kind, id, data, version) {
      const r = rows.get(at(kind, id))
      if (!r || r.version !== version) return false
      rows.set(at(kind, id), { text: JSON.stringify(data), version: version + 1 })
      return true
    },
    clear() {
      rows = new Map()
    },
  }
}

/** One kind of record: read, find by fields, add new, write back what was read (optimistic). */
function repository<T extends object>(rows: Rows, kind: string, key: (rec: T) => string) {
  const read = (row: Row) => {
    const rec = row.data as T
    versions.set(rec, row.version)
    return rec
  }
  return {
    async get(id: string): Promise<T | undefined> {
      const row = await rows.get(kind, id)
      return row && read(row)
    },
    /** the records whose fields include these values, oldest first */
    async find(match: Partial<T> = {}): Promise<T[]> {
      return (await rows.find(kind, match)).map(read)
    },
    /** stores a new record: false when one with its key exists */
    async add(rec: T): Promise<boolean> {
      const added = await rows.insert(kind, key(rec), rec)
      if (added) versions.set(rec, 1)
      return added
    },
    /** stores a record whoever wrote it before (last write wins: for records nobody reads to change) */
    async save(rec: T): Promise<void> {
      await rows.upsert(kind, key(rec), rec)
    },
    /** writes back a record read (or added) before; StaleRecord when it was written since */
    async put(rec: T): Promise<void> {
      const version = versions.get(rec)
      if (version === undefined) throw new Error(`payment simulator: ${kind} ${key(rec)} was never read`)
      if (!(await rows.update(kind, key(rec), rec, version))) throw new StaleRecord(`${kind} ${key(rec)} changed`)
      versions.set(rec, version + 1)
    },
  }
}

/** Every record the simulator keeps, on rows of the database (or of a transaction), or of memory. */
export function simStore(db: Rows) {
  return {
    razorpay: {
      orders: repository<RzpOrderRec>(db, 'rzp.order', (o) => o.id),
      payments: repository<RzpPaymentRec>(db, 'rzp.payment', (p) => p.id),
      refunds: repository<RzpRefundRec>(db, 'rzp.refund', (r) => r.id),
      qrCodes: repository<RzpQrRec>(db, 'rzp.qr', (q) => q.id),
      links: repository<RzpLinkRec>(db, 'rzp.link', (l) => l.id),
    },
    cashfree: {
      /** keyed by the merchant's order_id; the session id is found with `find({ sessionId })` */
      orders: repository<CfOrderRec>(db, 'cf.order', (o) => o.orderId),
      payments: repository<CfPaymentRec>(db, 'cf.payment', (p) => p.cfPaymentId),
      /** keyed by order_id and the merchant's refund_id */
      refunds: repository<CfRefundRec>(db, 'cf.refund', (r) => `${r.orderId}:${r.refundId}`),
      links: repository<CfLinkRec>(db, 'cf.link', (l) => l.linkId),
      idempotency: repository<IdempotentAnswer>(db, 'cf.idempotency', (a) => a.scope),
    },
    /** merchant accounts registered with `POST /__sim/accounts` (the process's own come from its config) */
    accounts: {
      razorpay: repository<RzpAccount>(db, 'rzp.account', (a) => a.keyId),
      cashfree: repository<CfAccount>(db, 'cf.account', (a) => a.clientId),
    },
    /** webhooks as first sent, for `GET /__sim/webhooks` and replays */
    events: repository<SavedEvent>(db, 'webhook', (e) => e.eventId),
  }
}

export type SimStore = ReturnType<typeof simStore>

/** `POST /__sim/reset`: every record and pending task, in every process. */
export async function forgetEverything(db: Db) {
  await db.execute(sql`delete from payment_simulator.records`)
  await db.execute(sql`delete from payment_simulator.tasks`)
}
