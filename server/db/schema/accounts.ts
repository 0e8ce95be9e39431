import { sql } from 'drizzle-orm'
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Permissions } from '../../../common/rules/staff-roles'
import { websites } from './sites'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    /** set when the owner proved control with a one-time code (or for accounts a store created); only a verified identifier signs in */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** a sales agent made this account for a customer (their phone unverified): the customer's own code verifies it (docs/decisions/0034) */
    addedByAgentAt: timestamp('added_by_agent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // staff search people by any part of a name or phone (orders list, customers): trigram indexes (docs/decisions/0018)
  (t) => [index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`), index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`)],
)

/**
 * A website's own roles, made by its owner from the permission areas (issue 29; docs/decisions/0049). A member holds
 * one through website_members.custom_role_id; the composite key keeps a role on its own website.
 */
export const customRoles = pgTable(
  'custom_roles',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** area → 'read' | 'write' (common/rules/staff-roles.ts) */
    permissions: jsonb('permissions').$type<Permissions>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('custom_roles_site_id_uq').on(t.websiteId, t.id), uniqueIndex('custom_roles_site_name_uq').on(t.websiteId, sql`lower(${t.name})`)],
)

/** Roles are per website. */
export const websiteMembers = pgTable(
  'website_members',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    superadmin: boolean('superadmin').notNull().default(false),
    hasAdminAccess: boolean('has_admin_access').notNull().default(false),
    isSalesAgent: boolean('is_sales_agent').notNull().default(false),
    /**
     * The staff role here (common/rules/staff-roles.ts: admin, manager, cashier, …); null for none. has_admin_access
     * stays the full admin's mark and wins: a row with it is an admin whatever this says (rows written before roles).
     */
    role: text('role'),
    /** a custom role of this website instead of a built-in one (role is then null); it cannot be deleted while held */
    customRoleId: integer('custom_role_id'),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.userId] }),
    foreignKey({ name: 'website_members_custom_role_fk', columns: [t.websiteId, t.customRoleId], foreignColumns: [customRoles.websiteId, customRoles.id] }),
    index('website_members_custom_role_idx').on(t.websiteId, t.customRoleId),
  ],
)

export interface SessionData {
  pincode?: string
  /** a username whose one-time code was verified but who has no account yet (CONTRACT: 10 minutes to register) */
  verified?: { username: string; at: number }
}

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    xsrfSecret: text('xsrf_secret').notNull(),
    data: jsonb('data').$type<SessionData>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId, t.websiteId)],
)

export type CodePurpose = 'sign_in' | 'agent_consent'

/** One-time sign-in codes: only a hash is kept; 5 minutes, 5 tries (CONTRACT). */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** 'sign_in', or 'agent_consent': a customer agreeing that a sales agent adds them (docs/decisions/0034); each counts its own limits */
    purpose: text('purpose').$type<CodePurpose>().notNull().default('sign_in'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_username_idx').on(t.websiteId, t.username, t.createdAt), index('otp_codes_ip_idx').on(t.ip, t.createdAt)],
)

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    house: text('house').notNull(),
    street: text('street').notNull(),
    area: text('area').notNull(),
    landmark: text('landmark').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    type: text('type').notNull().default('home'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.websiteId, t.userId)],
)

/** One-time, single-use hand-over of a superadmin from one website to another (sessions are per website). */
export const websiteSwitchTokens = pgTable(
  'website_switch_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromWebsiteId: integer('from_website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    toWebsiteId: integer('to_website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('website_switch_tokens_expires_idx').on(t.expiresAt)],
)

/**
 * What one website knows of a person (docs/decisions/0034 "What a website knows of a person"): the account's own
 * name, phone and email when the person signed in there themselves (copied at each sign-in, changed with their
 * profile there), else only what the website was told (an agent's or the counter's typing). Staff of a website read
 * these, never the account's fields: a person known to several websites keeps what they gave each one apart.
 * A row is also the person's relationship with the website (with orders, addresses, sessions and roles).
 */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** the business GSTIN and legal name the customer saved at checkout for their next B2B order here (issue 34) */
    gstin: text('gstin'),
    gstinName: text('gstin_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.userId] }),
    index('customer_profiles_phone_idx').on(t.websiteId, t.phone),
    index('customer_profiles_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customer_profiles_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
)

/** A customer kept from ordering on one website (issue 11); other websites are not affected. */
export const customerBlocks = pgTable(
  'customer_blocks',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    blockedBy: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.userId] })],
)
