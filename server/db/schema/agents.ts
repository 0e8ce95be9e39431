import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { categories } from './catalogue'
import { websites } from './sites'

/**
 * A sales agent's customers on one website (docs/decisions/0034). The agent found them by number or added them;
 * `added` says the agent made the account. An agent reads and orders only for the people listed here.
 */
export const agentCustomers = pgTable(
  'agent_customers',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    added: boolean('added').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.agentId, t.userId] }), index('agent_customers_user_idx').on(t.websiteId, t.userId)],
)

/**
 * An agent asked to add a person who already has an account (known to another website): until the person gives the
 * agent the code sent to them, the website holds only what the agent typed here, and no link to the account.
 */
export const agentCustomerRequests = pgTable(
  'agent_customer_requests',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    /** the first delivery address the agent typed (an AddressInput), made on confirmation */
    address: jsonb('address').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.agentId, t.phone] })],
)

/** Commission per website: the default (no category) and per category, in basis points of the delivered value. */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    rateBp: integer('rate_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_rules_uq').on(t.websiteId, sql`coalesce(${t.categoryId}, 0)`),
    check('commission_rules_rate_ck', sql`${t.rateBp} between 0 and 10000`),
  ],
)
