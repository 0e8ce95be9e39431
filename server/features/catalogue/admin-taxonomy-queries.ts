import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../db/client'
import { brands, categories } from '../../db/schema/catalogue'

/** Staff reads and writes of categories and brands, always within one website. */

type Conn = Db | Tx

export type CategoryRow = typeof categories.$inferSelect
export type BrandRow = typeof brands.$inferSelect

/** Every category with how many products have it (as any of their categories). */
export function listCategoriesWithCounts(db: Conn, websiteId: number) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      position: categories.position,
      avatar: categories.avatar,
      products: sql<number>`(select count(*)::int from product_categories pc where pc.category_id = "categories"."id")`,
    })
    .from(categories)
    .where(eq(categories.websiteId, websiteId))
    .orderBy(asc(categories.position), asc(categories.id))
}

export async function lockCategory(tx: Tx, websiteId: number, id: number): Promise<CategoryRow | null> {
  const rows = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), eq(categories.id, id)))
    .for('update')
  return rows[0] ?? null
}

export async function findCategory(db: Conn, websiteId: number, id: number): Promise<CategoryRow | null> {
  const rows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), eq(categories.id, id)))
  return rows[0] ?? null
}

export async function categorySlugTaken(db: Conn, websiteId: number, slug: string, exceptId?: number) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined))
    .limit(1)
  return rows.length > 0
}

/** Siblings under a parent (null: top level), in order; locked so two moves under one parent take turns. */
export function siblings(tx: Tx, websiteId: number, parentId: number | null) {
  return tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId)))
    .orderBy(asc(categories.position), asc(categories.id))
    .for('update')
}

export async function insertCategory(tx: Tx, values: typeof categories.$inferInsert): Promise<number> {
  const [row] = await tx.insert(categories).values(values).returning({ id: categories.id })
  return row.id
}

export async function updateCategory(tx: Tx, id: number, values: Partial<Pick<CategoryRow, 'name' | 'slug' | 'avatar' | 'parentId' | 'position'>>) {
  await tx.update(categories).set(values).where(eq(categories.id, id))
}

export async function setPositions(tx: Tx, ids: number[]) {
  for (const [position, id] of ids.entries()) await tx.update(categories).set({ position }).where(eq(categories.id, id))
}

export async function categoryInUse(db: Conn, id: number) {
  const result = await db.execute(sql`
    select (select count(*)::int from categories c where c.parent_id = ${id}) as children,
           (select count(*)::int from products p where p.category_id = ${id} or exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${id})) as products`)
  return rowsOf<{ children: number; products: number }>(result)[0]
}

export async function deleteCategory(tx: Tx, id: number) {
  await tx.delete(categories).where(eq(categories.id, id))
}

/* ---------- brands ---------- */

// Written out: drizzle leaves a column of the selected table unqualified inside sql``, and p has an id too.
const brandProducts = sql<number>`(select count(*)::int from products p where p.brand_id = "brands"."id")`

export async function listBrandsPage(
  db: Conn,
  websiteId: number,
  opts: { q?: string; sort: 'name' | 'products'; desc: boolean; limit: number; offset: number },
) {
  const where = and(eq(brands.websiteId, websiteId), opts.q ? sql`${brands.name} ilike ${`%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined)
  const column = opts.sort === 'products' ? brandProducts : sql`lower(${brands.name})`
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, slug: brands.slug, logo: brands.logo, products: brandProducts })
      .from(brands)
      .where(where)
      .orderBy(opts.desc ? desc(column) : asc(column), asc(brands.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(brands).where(where),
  ])
  return { rows, total }
}

export async function findBrand(db: Conn, websiteId: number, id: number) {
  const rows = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, logo: brands.logo, products: brandProducts })
    .from(brands)
    .where(and(eq(brands.websiteId, websiteId), eq(brands.id, id)))
  return rows[0] ?? null
}

export async function lockBrand(tx: Tx, websiteId: number, id: number) {
  const rows = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.websiteId, websiteId), eq(brands.id, id)))
    .for('update')
  return rows.length > 0
}

/** Another brand of the website with this name (any case) or slug. */
export async function brandClash(db: Conn, websiteId: number, { name, slug }: { name?: string; slug?: string }, exceptId?: number) {
  const rows = await db
    .select({ name: brands.name, slug: brands.slug })
    .from(brands)
    .where(
      and(
        eq(brands.websiteId, websiteId),
        exceptId ? ne(brands.id, exceptId) : undefined,
        or(name ? sql`lower(${brands.name}) = lower(${name})` : undefined, slug ? eq(brands.slug, slug) : undefined),
      ),
    )
  return {
    name: name !== undefined && rows.some((r) => r.name.toLowerCase() === name.toLowerCase()),
    slug: slug !== undefined && rows.some((r) => r.slug === slug),
  }
}

export async function brandSlugsLike(db: Conn, websiteId: number, base: string) {
  const rows = await db
    .select({ slug: brands.slug })
    .from(brands)
    .where(and(eq(brands.websiteId, websiteId), sql`${brands.slug} like ${`${base}%`}`))
  return new Set(rows.map((r) => r.slug))
}

export async function categorySlugsLike(db: Conn, websiteId: number, base: string) {
  const rows = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), sql`${categories.slug} like ${`${base}%`}`))
  return new Set(rows.map((r) => r.slug))
}

export async function insertBrand(tx: Tx, values: typeof brands.$inferInsert): Promise<number> {
  const [row] = await tx.insert(brands).values(values).returning({ id: brands.id })
  return row.id
}

export async function updateBrand(tx: Tx, id: number, values: Partial<Pick<BrandRow, 'name' | 'slug' | 'logo'>>) {
  await tx.update(brands).set(values).where(eq(brands.id, id))
}
