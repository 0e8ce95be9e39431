import { and, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm'
import { type AuditNames, auditAction, auditChanges, auditIds, auditRecord } from '../../common/audit-words'
import type { AuditEntry, AuditQuery, ListMeta } from '../../common/contracts/admin'
import { type Db, rowsOf, type Tx } from '../db/client'
import { auditLog } from '../db/schema/audit'

/** The audit table's only reader and writer besides accounts' superadmin records (docs/decisions/0014-staff-seam.md). */

export interface AuditRow {
  websiteId: number
  userId: number
  action: string
  entity: string
  entityId: string | null
  before: unknown
  after: unknown
  data?: Record<string, unknown>
  requestId: string
}

export async function insertAuditRows(tx: Tx, rows: AuditRow[]) {
  // In slices: a statement takes at most 65,535 parameters (a CSV import audits thousands of products at once).
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(auditLog).values(rows.slice(i, i + 1000).map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null, data: r.data ?? {} })))
  }
}

/**
 * The record as it was at `version`: written as `before` by the write that left that version, or as `after` by
 * the one that made it. Null when the log has neither (a version never seen by a staff write).
 */
export async function snapshotAt(db: Db | Tx, websiteId: number, entity: string, entityId: string, version: number): Promise<unknown> {
  const rows = rowsOf<{ before: { version?: number } | null; after: unknown }>(
    await db.execute(sql`
      select before, after from audit_log
      where website_id = ${websiteId} and entity = ${entity} and entity_id = ${entityId}
        and ((before->>'version')::int = ${version} or (after->>'version')::int = ${version})
      order by id limit 1`),
  )
  const row = rows[0]
  if (!row) return null
  return row.before?.version === version ? row.before : row.after
}

/** Dates are India's calendar days (the shops are in India). */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`

export async function listAudit(db: Db, websiteId: number, query: AuditQuery): Promise<{ data: AuditEntry[]; meta: ListMeta }> {
  const parts: SQL[] = [eq(auditLog.websiteId, websiteId)]
  if (query.entity) parts.push(eq(auditLog.entity, query.entity))
  if (query.entity_id) parts.push(eq(auditLog.entityId, query.entity_id))
  if (query.user_id) parts.push(eq(auditLog.userId, query.user_id))
  if (query.action) parts.push(eq(auditLog.action, query.action))
  if (query.q) parts.push(ilike(auditLog.action, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
  if (query.from) parts.push(gte(auditLog.createdAt, dayStart(query.from)))
  if (query.to) parts.push(lt(auditLog.createdAt, sql`${dayStart(query.to)} + interval '1 day'`))
  const where = and(...parts)
  const order = query.sort === 'at' ? [auditLog.id] : [desc(auditLog.id)]
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.createdAt,
        userId: auditLog.userId,
        userName: sql<string | null>`(select u.name from users u where u.id = "audit_log"."user_id")`,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        data: auditLog.data,
        requestId: auditLog.requestId,
      })
      .from(auditLog)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ])
  const names = await namesOf(db, websiteId, rows)
  return {
    data: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      user: r.userId === null ? null : { id: r.userId, name: r.userName ?? '' },
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      record: auditRecord(r.entity, r.entityId, names, r.before, r.after),
      what: auditAction(r.action),
      changes: auditChanges(r.before, r.after, names),
      data: r.data,
      request_id: r.requestId,
    })),
    meta: { total, page: query.page, perPage: query.perPage },
  }
}

/** The order numbers and product names a page of rows points at: two look-ups by id, this website's only. */
async function namesOf(db: Db, websiteId: number, rows: { entity: string; entityId: string | null; before: unknown; after: unknown }[]): Promise<AuditNames> {
  const orderIds = new Set<number>()
  const productIds = new Set<number>()
  for (const r of rows) {
    const ids = auditIds(r.entity, r.entityId, r.before, r.after)
    for (const id of ids.orders) if (Number(id) <= 2_147_483_647) orderIds.add(Number(id))
    for (const id of ids.products) if (Number(id) <= 2_147_483_647) productIds.add(Number(id))
  }
  const list = (ids: Set<number>) =>
    sql.join(
      [...ids].map((id) => sql`${id}`),
      sql`, `,
    )
  const [orders, products] = await Promise.all([
    orderIds.size === 0
      ? []
      : rowsOf<{ id: number; name: string }>(
          await db.execute(sql`select id, order_number as name from orders where website_id = ${websiteId} and id in (${list(orderIds)})`),
        ),
    productIds.size === 0
      ? []
      : rowsOf<{ id: number; name: string }>(
          await db.execute(sql`select id, name from products where website_id = ${websiteId} and id in (${list(productIds)})`),
        ),
  ])
  return { orders: new Map(orders.map((o) => [String(o.id), o.name])), products: new Map(products.map((p) => [String(p.id), p.name])) }
}
