import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { customerProfiles } from '../../../db/schema/accounts'

type Conn = Db | Tx

/**
 * What one website knows of a person (docs/decisions/0034 "What a website knows of a person"). Staff and agents of
 * the website read these rows, never the account's own name, phone and email.
 */
export type ProfileRow = typeof customerProfiles.$inferSelect

/** The person signed in here themselves: the website now knows their account as it is (name, phone and email). */
export async function shareAccount(db: Conn, websiteId: number, userId: number) {
  await db.execute(sql`
    insert into customer_profiles (website_id, user_id, name, phone, email)
    select ${websiteId}, u.id, u.name, u.phone, u.email from users u where u.id = ${userId}
    on conflict (website_id, user_id) do update set name = excluded.name, phone = excluded.phone, email = excluded.email, updated_at = now()`)
}

/** The person changed their name or email while on this website: this website learns it (others keep what they had). */
export async function updateProfileHere(db: Conn, websiteId: number, userId: number, set: { name: string; email: string | null }) {
  await db
    .update(customerProfiles)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(customerProfiles.websiteId, websiteId), eq(customerProfiles.userId, userId)))
}

/**
 * Someone of this website (an agent, the counter, an admin adding staff) gave the person's name and number or email:
 * a new record with only that; a person the website already knows keeps their record (what it lacked is added).
 */
export async function recordGiven(db: Conn, websiteId: number, userId: number, given: { name: string; phone: string | null; email?: string | null }) {
  await db
    .insert(customerProfiles)
    .values({ websiteId, userId, name: given.name, phone: given.phone, email: given.email ?? null })
    .onConflictDoUpdate({
      target: [customerProfiles.websiteId, customerProfiles.userId],
      set: {
        phone: sql`coalesce(${customerProfiles.phone}, excluded.phone)`,
        email: sql`coalesce(${customerProfiles.email}, excluded.email)`,
        updatedAt: sql`now()`,
      },
    })
}

export async function findProfile(db: Conn, websiteId: number, userId: number): Promise<ProfileRow | null> {
  const rows = await db
    .select()
    .from(customerProfiles)
    .where(and(eq(customerProfiles.websiteId, websiteId), eq(customerProfiles.userId, userId)))
    .limit(1)
  return rows[0] ?? null
}

/** A customer of this website by the number this website was given: someone known only elsewhere is not found. */
export async function findProfileByPhone(db: Conn, websiteId: number, phone: string): Promise<ProfileRow | null> {
  const rows = await db
    .select()
    .from(customerProfiles)
    .where(and(eq(customerProfiles.websiteId, websiteId), eq(customerProfiles.phone, phone)))
    .orderBy(desc(customerProfiles.updatedAt))
    .limit(1)
  return rows[0] ?? null
}

/** The business GSTIN and legal name the person keeps here for B2B invoices (issue 34); a person not known here gets a record. */
export async function saveBuyer(db: Conn, websiteId: number, userId: number, buyer: { gstin: string; name: string }) {
  await db.execute(sql`
    insert into customer_profiles (website_id, user_id, name, phone, email, gstin, gstin_name)
    select ${websiteId}, u.id, u.name, u.phone, u.email, ${buyer.gstin}, ${buyer.name} from users u where u.id = ${userId}
    on conflict (website_id, user_id) do update set gstin = excluded.gstin, gstin_name = excluded.gstin_name, updated_at = now()`)
}
