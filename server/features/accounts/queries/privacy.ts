import { eq, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../../db/client'
import { users } from '../../../db/schema/accounts'

type Conn = Db | Tx

export async function listWishlists(db: Conn, websiteId: number, userId: number) {
  const rows = await db.execute(sql`select coalesce(c.name, 'Default') as wishlist, i.product_id, i.created_at
    from wishlist_items i left join wishlist_categories c on c.id = i.wishlist_category_id
    where i.website_id = ${websiteId} and i.user_id = ${userId} order by i.id`)
  return rowsOf<{ wishlist: string; product_id: number; created_at: string | Date }>(rows)
}

/** Has the person a relationship with any website but this one? */
export async function knownElsewhere(db: Conn, websiteId: number, userId: number): Promise<boolean> {
  const rows = await db.execute(sql`select
    exists (select 1 from customer_profiles p where p.website_id <> ${websiteId} and p.user_id = ${userId})
    or exists (select 1 from website_members m where m.website_id <> ${websiteId} and m.user_id = ${userId})
    or exists (select 1 from orders o where o.website_id <> ${websiteId} and o.user_id = ${userId})
    or exists (select 1 from addresses a where a.website_id <> ${websiteId} and a.user_id = ${userId})
    or exists (select 1 from sessions s where s.website_id <> ${websiteId} and s.user_id = ${userId}) as elsewhere`)
  return rowsOf<{ elsewhere: boolean }>(rows)[0]?.elsewhere === true
}

/**
 * This website's copies of the person's data: what it knew of them is anonymised (the orders kept for the accounts
 * still name someone), addresses, wishlists, cart, sessions and agents' links go.
 */
export async function eraseOnWebsite(tx: Tx, websiteId: number, userId: number) {
  await tx.execute(
    sql`update customer_profiles set name = 'Erased customer', phone = null, email = null, updated_at = now() where website_id = ${websiteId} and user_id = ${userId}`,
  )
  await tx.execute(sql`delete from agent_customers where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from addresses where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from wishlist_items where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from wishlist_categories where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from carts where website_id = ${websiteId} and user_id = ${userId}`)
  await tx.execute(sql`delete from sessions where website_id = ${websiteId} and user_id = ${userId}`)
}

/** The account itself: name, phone and email anonymised, its sign-in codes gone (only when no other website knows the person). */
export async function eraseAccount(tx: Tx, userId: number) {
  await tx.execute(
    sql`delete from otp_codes where username in (select phone from users where id = ${userId} union select email from users where id = ${userId})`,
  )
  await tx.execute(sql`delete from sessions where user_id = ${userId}`)
  await tx.update(users).set({ name: 'Erased customer', phone: null, email: null, phoneVerifiedAt: null, emailVerifiedAt: null }).where(eq(users.id, userId))
}
