import { bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The payment simulator's records (decision 0039), shared by every app process: one row per order, payment,
 * refund, link, QR code, webhook event… of either simulated provider, as JSON, with a version for optimistic writes.
 */
export const paymentSimRecords = pgTable(
  'payment_sim_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    /** creation order, for lists */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    version: integer('version').notNull().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] }), index('payment_sim_records_kind_seq_idx').on(t.kind, t.seq)],
)

/** The simulator's deferred work (webhook deliveries and retries, late authorisations, refund settlement), claimed with a lease. */
export const paymentSimTasks = pgTable(
  'payment_sim_tasks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('payment_sim_tasks_due_idx').on(t.dueAt)],
)
