import { and, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm'
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
      data: r.data,
      request_id: r.requestId,
    })),
    meta: { total, page: query.page, perPage: query.perPage },
  }
}
