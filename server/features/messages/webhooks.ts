import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/client'
import type { Messenger } from './messenger'
import * as q from './queries/messages'

/** A status may only move forward: a report that comes late, or again (a replay), changes nothing. */
const FORWARD: Record<string, readonly string[]> = {
  sent: ['accepted'],
  delivered: ['accepted', 'sent'],
  read: ['accepted', 'sent', 'delivered'],
  failed: ['accepted', 'sent'],
}

export function safeEqual(expected: string, given: string) {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Meta signs each webhook POST with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`.
 * Checked on the exact bytes, before anything is parsed.
 */
export function validWhatsAppSignature(rawBody: Buffer, header: unknown, appSecrets: readonly string[]) {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false
  return appSecrets.some((secret) => safeEqual(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`, header))
}

/** The verification handshake: hub.mode=subscribe and our verify token → echo hub.challenge; anything else refused. */
export function verifySubscription(query: Record<string, unknown>, verifyToken: string | undefined): string | null {
  const mode = query['hub.mode']
  const token = query['hub.verify_token']
  const challenge = query['hub.challenge']
  if (mode !== 'subscribe' || typeof token !== 'string' || !verifyToken || !safeEqual(verifyToken, token) || typeof challenge !== 'string') return null
  return challenge
}

/**
 * Whose report this is: the install's account (its webhook, signed with the environment's secret) reports the messages
 * sent on the install's keys; a website's own account (its own address and secret) only that website's own messages.
 */
export type ReportScope = { keys: 'shop' } | { keys: 'own'; websiteId: number }

const inScope = (row: q.MessageRow, scope: ReportScope) => row.keys === scope.keys && (scope.keys === 'shop' || row.websiteId === scope.websiteId)

interface Applied {
  applied: number
  unchanged: number
}

async function apply(
  db: Db,
  messenger: Messenger,
  scope: ReportScope,
  provider: 'whatsapp' | 'msg91',
  id: string,
  status: string,
  errorCode: string | null,
  tally: Applied,
) {
  const found = await q.findByProviderId(db, provider, id)
  const row = found && inScope(found, scope) ? found : null
  const from = FORWARD[status]
  const moved = row && from ? await q.advanceStatus(db, row.id, status, from, errorCode) : null
  if (!moved) {
    tally.unchanged += 1
    return
  }
  tally.applied += 1
  // a WhatsApp message the phone never got: the same message by SMS, on its DLT template
  if (provider === 'whatsapp' && status === 'failed') await messenger.fallBackToSms(moved)
}

/** The `statuses` of a signed WhatsApp webhook (entry[].changes[].value.statuses[]: id, status, errors). */
export async function applyWhatsAppStatuses(db: Db, messenger: Messenger, body: unknown, scope: ReportScope = { keys: 'shop' }): Promise<Applied> {
  const tally = { applied: 0, unchanged: 0 }
  const entries = (body as { entry?: unknown })?.entry
  for (const entry of Array.isArray(entries) ? entries : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const statuses = change?.field === 'messages' ? change?.value?.statuses : null
      for (const s of Array.isArray(statuses) ? statuses : []) {
        if (typeof s?.id !== 'string' || typeof s?.status !== 'string') continue
        const code = Array.isArray(s.errors) && s.errors[0]?.code !== undefined ? String(s.errors[0].code) : null
        await apply(db, messenger, scope, 'whatsapp', s.id, s.status, code, tally)
      }
    }
  }
  return tally
}

/** MSG91's delivery reports: [{ requestId, report: [{ number, status, desc }] }]; status 1 delivered, 2/16/… failed. */
export async function applyMsg91Reports(db: Db, messenger: Messenger, body: unknown, scope: ReportScope = { keys: 'shop' }): Promise<Applied> {
  const tally = { applied: 0, unchanged: 0 }
  const list = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown })?.data) ? (body as { data: unknown[] }).data : []
  for (const item of list as { requestId?: unknown; report?: { status?: unknown }[] }[]) {
    if (typeof item?.requestId !== 'string' || !Array.isArray(item.report)) continue
    for (const r of item.report) {
      const code = String(r?.status ?? '')
      const status = code === '1' ? 'delivered' : code === '2' || code === '16' || code === '9' || code === '17' ? 'failed' : null
      if (status) await apply(db, messenger, scope, 'msg91', item.requestId, status, status === 'failed' ? `dlr_${code}` : null, tally)
    }
  }
  return tally
}
