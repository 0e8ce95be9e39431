import { sql } from 'drizzle-orm'
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

/** One kind of record in `payment_sim_records`: read, find by fields, add new, write back what was read (optimistic). */
function repository<T extends object>(db: Db | Tx, kind: string, key: (rec: T) => string) {
  const read = (result: unknown) =>
    rowsOf<{ data: T; version: number }>(result).map((row) => {
      versions.set(row.data, row.version)
      return row.data
    })
  return {
    async get(id: string): Promise<T | undefined> {
      return read(await db.execute(sql`select data, version from payment_sim_records where kind = ${kind} and id = ${id}`))[0]
    },
    /** the records whose fields include these values, oldest first */
    async find(match: Partial<T> = {}): Promise<T[]> {
      return read(
        await db.execute(
          sql`select data, version from payment_sim_records where kind = ${kind} and data @> ${JSON.stringify(match)}::jsonb order by seq`,
        ),
      )
    },
    /** stores a new record: false when one with its key exists */
    async add(rec: T): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`insert into payment_sim_records (kind, id, data) values (${kind}, ${key(rec)}, ${JSON.stringify(rec)}::jsonb)
          on conflict do nothing returning version`),
      )
      if (rows.length) versions.set(rec, 1)
      return rows.length > 0
    },
    /** stores a record whoever wrote it before (last write wins: for records nobody reads to change) */
    async save(rec: T): Promise<void> {
      await db.execute(sql`insert into payment_sim_records (kind, id, data) values (${kind}, ${key(rec)}, ${JSON.stringify(rec)}::jsonb)
        on conflict (kind, id) do update set data = excluded.data, version = payment_sim_records.version + 1`)
    },
    /** writes back a record read (or added) before; StaleRecord when it was written since */
    async put(rec: T): Promise<void> {
      const version = versions.get(rec)
      if (version === undefined) throw new Error(`payment simulator: ${kind} ${key(rec)} was never read`)
      const rows = rowsOf(
        await db.execute(sql`update payment_sim_records set data = ${JSON.stringify(rec)}::jsonb, version = version + 1
          where kind = ${kind} and id = ${key(rec)} and version = ${version} returning version`),
      )
      if (!rows.length) throw new StaleRecord(`${kind} ${key(rec)} changed`)
      versions.set(rec, version + 1)
    },
  }
}

export type Repository<T extends object> = ReturnType<typeof repository<T>>

/** Every record the simulator keeps, on the app's database (or on a transaction of it). */
export function simStore(db: Db | Tx) {
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
  await db.execute(sql`delete from payment_sim_records`)
  await db.execute(sql`delete from payment_sim_tasks`)
}
