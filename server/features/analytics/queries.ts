import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { analyticsEvents, clientErrors } from '../../db/schema/analytics'
import { websites } from '../../db/schema/sites'
import type { ClientError } from './envelope'
import type { IngestEvent } from './ingest'

export const insertEvents = (db: Db, websiteId: number, events: IngestEvent[]) => db.insert(analyticsEvents).values(events.map((e) => ({ websiteId, ...e })))

export const insertClientErrors = (db: Db, websiteId: number, errors: ClientError[]) => db.insert(clientErrors).values(errors.map((e) => ({ websiteId, ...e })))

const day = sql<string>`to_char((${analyticsEvents.at} at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD')`

export async function pageViewsPerDay(db: Db, websiteId: number, since: Date) {
  return db
    .select({ date: day, views: sql<number>`count(*)::int`, visitors: sql<number>`count(distinct ${analyticsEvents.distinctId})::int` })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.websiteId, websiteId), eq(analyticsEvents.event, '$pageview'), gte(analyticsEvents.at, since)))
    .groupBy(day)
    .orderBy(day)
}

export async function topPages(db: Db, websiteId: number, since: Date, limit = 10) {
  const views = sql<number>`count(*)::int`
  return db
    .select({ path: sql<string>`coalesce(${analyticsEvents.path}, '/')`, views })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.websiteId, websiteId), eq(analyticsEvents.event, '$pageview'), gte(analyticsEvents.at, since)))
    .groupBy(sql`1`)
    .orderBy(desc(views), sql`1`)
    .limit(limit)
}

export async function topSearches(db: Db, websiteId: number, since: Date, limit = 10) {
  const count = sql<number>`count(*)::int`
  return db
    .select({ search: sql<string>`${analyticsEvents.search}`, count })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.websiteId, websiteId), sql`${analyticsEvents.search} is not null`, gte(analyticsEvents.at, since)))
    .groupBy(analyticsEvents.search)
    .orderBy(desc(count), analyticsEvents.search)
    .limit(limit)
}

export const latestClientErrors = (db: Db, websiteId: number, limit = 100) =>
  db.select().from(clientErrors).where(eq(clientErrors.websiteId, websiteId)).orderBy(desc(clientErrors.at), desc(clientErrors.id)).limit(limit)

export const monitoringDsnOf = async (db: Db, websiteId: number) =>
  (await db.select({ dsn: websites.monitoringDsn }).from(websites).where(eq(websites.id, websiteId)))[0]?.dsn ?? null

export const setMonitoringDsn = (db: Db, websiteId: number, dsn: string | null) =>
  db.update(websites).set({ monitoringDsn: dsn }).where(eq(websites.id, websiteId))

const retentionColumns = { events_days: websites.analyticsRetentionDays, errors_days: websites.clientErrorsRetentionDays }

export const retentionOf = async (db: Db, websiteId: number) => (await db.select(retentionColumns).from(websites).where(eq(websites.id, websiteId)))[0] ?? null

export const setRetention = (db: Db, websiteId: number, r: { events_days: number; errors_days: number }) =>
  db.update(websites).set({ analyticsRetentionDays: r.events_days, clientErrorsRetentionDays: r.errors_days }).where(eq(websites.id, websiteId))

export const retentionOfEveryWebsite = (db: Db) =>
  db
    .select({ websiteId: websites.id, ...retentionColumns })
    .from(websites)
    .orderBy(websites.id)

/** Deletes at most `limit` of the website's events older than `before`; how many it deleted. */
export async function deleteEventsBefore(db: Db, websiteId: number, before: Date, limit: number) {
  const doomed = db
    .select({ id: analyticsEvents.id })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.websiteId, websiteId), lt(analyticsEvents.at, before)))
    .limit(limit)
  return (await db.delete(analyticsEvents).where(inArray(analyticsEvents.id, doomed)).returning({ id: analyticsEvents.id })).length
}

/** Deletes at most `limit` of the website's browser errors older than `before`; how many it deleted. */
export async function deleteClientErrorsBefore(db: Db, websiteId: number, before: Date, limit: number) {
  const doomed = db
    .select({ id: clientErrors.id })
    .from(clientErrors)
    .where(and(eq(clientErrors.websiteId, websiteId), lt(clientErrors.at, before)))
    .limit(limit)
  return (await db.delete(clientErrors).where(inArray(clientErrors.id, doomed)).returning({ id: clientErrors.id })).length
}
