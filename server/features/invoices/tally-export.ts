import type { TallyLedgersAnswer, TallyLedgersInput } from '../../../common/contracts/gst-returns'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import * as purchases from '../purchases/service'
import * as q from './queries'
import { DEFAULT_TALLY_LEDGERS, type KhataMove, khataLedgerName, type Receipt, type TallyLedgers, tallyXml } from './tally'

/** The Tally export of a range of days, and the ledger names it books to (docs/decisions/0051-gst-returns-and-tally.md). */

const MAX_DAYS = 366
const NOT_REGISTERED = 'Save the GST registration first (Settings → Tax): the export is made from tax invoices'

const ledgersOf = (s: q.TaxSettingsRow | null): TallyLedgers => ({ ...DEFAULT_TALLY_LEDGERS, ...(s?.tallyLedgers ?? {}) })

export async function tallyExport(ctx: StaffCtx, from: string, to: string): Promise<Result<{ xml: string; fileName: string }>> {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000
  if (days < 0) return fail('invalid', 'The range must end on or after its first day', { to: 'Choose a day on or after the first' })
  if (days >= MAX_DAYS) return fail('invalid', 'An export covers at most a year', { to: 'Choose at most a year' })
  const settings = await q.findSettings(ctx.db, ctx.site.id)
  if (!settings) return fail('conflict', NOT_REGISTERED)
  const ledgers = ledgersOf(settings)
  const [documents, rows, bills, entries] = await Promise.all([
    q.documentsIssued(ctx.db, ctx.site.id, from, to),
    q.receiptsIn(ctx.db, ctx.site.id, from, to),
    purchases.billsBetween(ctx.db, ctx.site.id, from, to),
    q.khataEntriesIn(ctx.db, ctx.site.id, from, to),
  ])
  // the party an order's invoice debits (tally.ts partyOf): a B2B buyer's own ledger, else the channel's customers
  const partyOf = (o: { buyer: { name: string } | null; channel: string | null }) =>
    o.buyer?.name ?? (o.channel === 'pos' ? ledgers.counterCustomers : ledgers.onlineCustomers)
  const receipts: Receipt[] = rows.map((r) => ({
    at: new Date(r.at),
    orderNumber: r.order_number,
    party: partyOf(r),
    into: r.into,
    amountPaise: Number(r.amount_paise),
    reference: r.reference,
  }))
  const khata: KhataMove[] = entries.map((e) => ({
    id: e.id,
    at: new Date(e.at),
    kind: e.kind,
    customer: khataLedgerName(e.name, e.phone, e.user_id),
    amountPaise: Number(e.amount_paise),
    into: e.method === 'cash' ? 'cash' : 'bank',
    orderParty: e.order_number ? partyOf(e) : null,
    orderNumber: e.order_number,
    note: e.note,
  }))
  const xml = tallyXml({ company: settings.legalName, ledgers, documents, receipts, purchases: bills, khata })
  return ok({ xml, fileName: `tally-${from}-to-${to}.xml` })
}

export async function getTallyLedgers(ctx: StaffCtx): Promise<TallyLedgersAnswer> {
  return ledgersOf(await q.findSettings(ctx.db, ctx.site.id))
}

export async function updateTallyLedgers(ctx: StaffWriteCtx, input: TallyLedgersInput): Promise<Result<TallyLedgersAnswer>> {
  const settings = await q.findSettings(ctx.db, ctx.site.id, true)
  if (!settings) return fail('conflict', NOT_REGISTERED)
  const before = ledgersOf(settings)
  // the purchase ledgers came later (issue 34): a call naming only the first ten keeps them as they were
  const after: TallyLedgers = { ...before, ...input }
  await staffWrite(ctx, { action: 'tally_ledgers.update', entity: 'tax_settings' }, async (tx) => {
    await q.updateTallyLedgers(tx, ctx.site.id, { ...after })
    return { result: null, id: ctx.site.id, before, after }
  })
  return ok(after)
}
