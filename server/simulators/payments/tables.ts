import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/**
 * The simulator's tables on PostgreSQL (decision 0039), made by the simulator when it starts, never by the product's
 * migrations: a production database (where the simulator never runs) has none. They live in a schema of their own, so
 * no product migration can touch them, whatever order a process migrates and mounts the simulator in.
 */
const SCHEMA = 'payment_simulator'

const STATEMENTS = [
  `create schema if not exists ${SCHEMA}`,
  // one row per order, payment, refund, link, QR code, webhook event… of either provider, as JSON, with a version
  // for optimistic writes
  `create table if not exists ${SCHEMA}.records (
    kind text not null,
    id text not null,
    seq bigserial not null,
    version integer not null default 1,
    data jsonb not null,
    primary key (kind, id)
  )`,
  `create index if not exists records_kind_seq_idx on ${SCHEMA}.records (kind, seq)`,
  // deferred work (webhook deliveries and retries, late authorisations, refund settlement), claimed with a lease
  `create table if not exists ${SCHEMA}.tasks (
    id serial primary key,
    kind text not null,
    payload jsonb not null,
    due_at timestamptz not null,
    claimed_until timestamptz
  )`,
  `create index if not exists tasks_due_idx on ${SCHEMA}.tasks (due_at)`,
]

/** Makes the tables when they are missing; two processes starting at once take turns (the second finds them made). */
export async function createTables(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SCHEMA}))`)
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement))
  })
}
