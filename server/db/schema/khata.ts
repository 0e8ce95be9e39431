import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { orders } from './orders'
import { websites } from './sites'

/**
 * The khata (customer credit book, docs/decisions/0047-khata.md): one account per website and customer, with the
 * credit limit staff set (0 = no credit) and the balance the customer owes. The balance is kept on the row for the
 * row lock every write takes, and always equals the sum of the account's ledger (the race tests check it in SQL).
 * Never below zero: a payment larger than what is owed is refused, not kept as an advance.
 */
export const khataAccounts = pgTable(
  'khata_accounts',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditLimitPaise: integer('credit_limit_paise').notNull().default(0),
    /** Σ of the ledger: what the customer owes the shop */
    balancePaise: integer('balance_paise').notNull().default(0),
    /** the last reminder of what is owed (at most one a day, India time) */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('khata_accounts_customer_uq').on(t.websiteId, t.userId),
    check('khata_accounts_limit_ck', sql`${t.creditLimitPaise} >= 0`),
    check('khata_accounts_balance_ck', sql`${t.balancePaise} >= 0`),
  ],
)

export const KHATA_KINDS = ['sale', 'payment', 'adjustment', 'return'] as const
export type KhataKind = (typeof KHATA_KINDS)[number]
export const KHATA_PAYMENT_METHODS = ['cash', 'upi', 'card', 'online'] as const
export type KhataPaymentMethod = (typeof KHATA_PAYMENT_METHODS)[number]

/**
 * The append-only ledger of a khata: a credit sale (+, with its order and so its GST invoice), a payment received
 * (−, with its method), a return of goods sold on credit (−) or an adjustment (±, with a reason). Corrections are
 * new entries; rows are never changed. Who wrote it and at which device (the register, or the staff web) are kept.
 */
export const khataEntries = pgTable(
  'khata_entries',
  {
    id: serial('id').primaryKey(),
    khataId: integer('khata_id')
      .notNull()
      .references(() => khataAccounts.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id').notNull(),
    kind: text('kind').$type<KhataKind>().notNull(),
    /** + the customer owes more, − less */
    amountPaise: integer('amount_paise').notNull(),
    balanceAfterPaise: integer('balance_after_paise').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    method: text('method').$type<KhataPaymentMethod>(),
    reference: text('reference'),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('khata_entries_khata_idx').on(t.khataId, t.id),
    index('khata_entries_order_idx').on(t.orderId),
    check('khata_entries_kind_ck', sql`${t.kind} in ('sale', 'payment', 'adjustment', 'return')`),
    check('khata_entries_amount_ck', sql`${t.amountPaise} <> 0`),
    check('khata_entries_method_ck', sql`${t.method} is null or ${t.method} in ('cash', 'upi', 'card', 'online')`),
  ],
)
