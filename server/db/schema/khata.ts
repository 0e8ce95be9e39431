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

/**
 * A statement shared by a link (docs/decisions/0047-khata.md): staff make it for one customer's khata; whoever holds
 * the token sees that statement and may pay it, without signing in, until it expires. Only the token's SHA-256 is
 * kept, so the table cannot hand out working links.
 */
export const khataShareLinks = pgTable(
  'khata_share_links',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    khataId: integer('khata_id')
      .notNull()
      .references(() => khataAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('khata_share_links_token_uq').on(t.tokenHash), index('khata_share_links_khata_idx').on(t.khataId)],
)

export const KHATA_ONLINE_WAYS = ['checkout', 'upi_qr', 'link'] as const
export type KhataOnlineWay = (typeof KHATA_ONLINE_WAYS)[number]

/**
 * A payment of the khata made online: at the provider's checkout from /account (`checkout`, a provider order) or by a
 * dynamic UPI QR from a shared statement (`upi_qr`), or the provider's hosted payment link from a shared statement
 * (`link`: its link id is `provider_order_id`, `close_by` when it expires). Posted to the ledger once, under this row's lock, by whichever
 * of the webhook, the return callback or the re-query comes first (`entry_id` then names the ledger entry).
 */
export const khataOnlinePayments = pgTable(
  'khata_online_payments',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    khataId: integer('khata_id')
      .notNull()
      .references(() => khataAccounts.id, { onDelete: 'cascade' }),
    way: text('way').$type<KhataOnlineWay>().notNull(),
    provider: text('provider').notNull(),
    /** the key id it was made with (the website's own keys or the process's) */
    account: text('account'),
    reference: text('reference').notNull(),
    providerOrderId: text('provider_order_id'),
    providerQrId: text('provider_qr_id'),
    imageUrl: text('image_url'),
    closeBy: timestamp('close_by', { withTimezone: true }),
    shareLinkId: integer('share_link_id').references(() => khataShareLinks.id, { onDelete: 'set null' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'expired'>().notNull().default('pending'),
    providerPaymentId: text('provider_payment_id'),
    paidPaise: integer('paid_paise'),
    /** what went on the ledger: the amount paid, at most the balance owed when it arrived */
    postedPaise: integer('posted_paise'),
    entryId: integer('entry_id').references(() => khataEntries.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('khata_online_payments_order_uq').on(t.provider, t.providerOrderId),
    uniqueIndex('khata_online_payments_qr_uq').on(t.provider, t.providerQrId),
    index('khata_online_payments_khata_idx').on(t.khataId, t.id),
    check('khata_online_payments_status_ck', sql`${t.status} in ('pending', 'paid', 'expired')`),
    check('khata_online_payments_amount_ck', sql`${t.amountPaise} > 0`),
  ],
)
