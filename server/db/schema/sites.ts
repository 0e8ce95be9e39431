import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { SiteSettings } from '../../../common/contracts/site-settings'

export const websites = pgTable('websites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  description: text('description').notNull().default(''),
  theme: text('theme').notNull().default('light'),
  favicon: text('favicon'),
  showSupplierPage: boolean('show_supplier_page').notNull().default(false),
  showCart: boolean('show_cart').notNull().default(true),
  fontFamily: text('font_family').notNull().default('Inter'),
  navAlignment: text('nav_alignment').notNull().default('left'),
  settings: jsonb('settings').$type<SiteSettings>().notNull(),
  /** one version per settings group the page builder saves (site, theme, navigation, menus, popup_seo); absent = 1 */
  settingsVersions: jsonb('settings_versions').$type<Partial<Record<string, number>>>().notNull().default({}),
  /** the Sentry-compatible DSN of this website's monitoring (spec §9); null: errors are kept by the product */
  monitoringDsn: text('monitoring_dsn'),
  /** days the analytics events kept by the product are kept (when no PostHog host is configured) */
  analyticsRetentionDays: integer('analytics_retention_days').notNull().default(90),
  /** days the browser errors kept by the product are kept (when the website has no DSN) */
  clientErrorsRetentionDays: integer('client_errors_retention_days').notNull().default(30),
  /**
   * A superadmin let this website take online payments through the platform's own keys (issue 29). Without it, and
   * without its own keys, a website offers cash on delivery only. Websites made before this were let (migration).
   */
  platformPayments: boolean('platform_payments').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** scheme + host + port → website; one website may answer on several origins. */
export const websiteOrigins = pgTable('website_origins', {
  origin: text('origin').primaryKey(),
  websiteId: integer('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
})

/**
 * How a website takes payment (docs/decisions/0022-payment-methods.md): cash on delivery with an optional maximum,
 * and its own Razorpay / Cashfree keys. Secrets are AES-256-GCM sealed (server/platform/secret-box.ts), never
 * stored or answered in clear; a website with no row (or no keys) uses the process's keys.
 */
export const paymentSettings = pgTable('payment_settings', {
  websiteId: integer('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  codEnabled: boolean('cod_enabled').notNull().default(true),
  /** null: no limit */
  codMaxPaise: integer('cod_max_paise'),
  razorpayEnabled: boolean('razorpay_enabled').notNull().default(true),
  razorpayKeyId: text('razorpay_key_id'),
  razorpayKeySecret: text('razorpay_key_secret'),
  razorpayWebhookSecret: text('razorpay_webhook_secret'),
  cashfreeEnabled: boolean('cashfree_enabled').notNull().default(true),
  cashfreeClientId: text('cashfree_client_id'),
  cashfreeClientSecret: text('cashfree_client_secret'),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
