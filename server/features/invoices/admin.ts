import type { IssueMissingAnswer, TaxSettingsAnswer, TaxSettingsInput } from '../../../common/contracts/invoices'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import * as q from './queries'
import * as invoices from './service'

/** Staff calls of the website's GST registration (docs/decisions/0030-gst-invoices.md). */

const ENTITY = { entity: 'tax_settings', label: 'Tax settings' }

function answer(r: q.TaxSettingsRow | null, missing = 0): TaxSettingsAnswer {
  return {
    configured: r !== null,
    legal_name: r?.legalName ?? '',
    trade_name: r?.tradeName ?? '',
    gstin: r?.gstin ?? '',
    state: r?.state ?? '',
    address: r?.address ?? '',
    invoice_prefix: r?.invoicePrefix ?? 'INV',
    credit_note_prefix: r?.creditNotePrefix ?? 'CN',
    delivery_sac: r?.deliverySac ?? '9968',
    delivery_gst_rate: r?.deliveryGstRate ?? 18,
    version: r?.version ?? 1,
    missing_invoices: missing,
  }
}

/** the record as the audit log keeps it */
const record = (r: q.TaxSettingsRow | null) => {
  const { configured: _, missing_invoices: __, ...rest } = answer(r)
  return rest
}

export async function getTaxSettings(ctx: StaffCtx): Promise<TaxSettingsAnswer> {
  const [row, missing] = await Promise.all([q.findSettings(ctx.db, ctx.site.id), q.countOrdersWithoutInvoice(ctx.db, ctx.site.id)])
  return answer(row, missing)
}

/** The invoices of orders confirmed before the registration, audited with what was issued. */
async function issueMissing(ctx: StaffWriteCtx): Promise<IssueMissingAnswer> {
  const done = await invoices.issueMissingInvoices(ctx.db, ctx.site.id)
  if (done.issued === 0) return done
  return staffWrite(ctx, { action: 'tax_invoices.issue_missing', entity: 'tax_document' }, async () => ({
    result: done,
    id: ctx.site.id,
    before: null,
    after: done,
  }))
}

export async function issueMissingInvoices(ctx: StaffWriteCtx): Promise<Result<IssueMissingAnswer>> {
  // the registration's row locked: a save and this call, or two of these, take turns
  if (!(await q.findSettings(ctx.db, ctx.site.id, true))) return fail('conflict', 'Save the GST registration first: invoices need it')
  const done = await issueMissing(ctx)
  // nothing to issue is still an audited call (who asked, when)
  if (done.issued === 0)
    await staffWrite(ctx, { action: 'tax_invoices.issue_missing', entity: 'tax_document' }, async () => ({
      result: null,
      id: ctx.site.id,
      before: null,
      after: done,
    }))
  return ok(done)
}

export async function updateTaxSettings(ctx: StaffWriteCtx, input: TaxSettingsInput): Promise<Result<TaxSettingsAnswer>> {
  const websiteId = ctx.site.id
  const existing = await q.findSettings(ctx.db, websiteId, true)
  await expectVersion(
    ctx,
    { entity: ENTITY.entity, id: websiteId, label: ENTITY.label },
    input.version,
    { version: existing?.version ?? 1, record: record(existing) },
    answer(existing),
  )
  const values = {
    legalName: input.legal_name,
    tradeName: input.trade_name,
    gstin: input.gstin,
    state: input.state,
    address: input.address,
    invoicePrefix: input.invoice_prefix,
    creditNotePrefix: input.credit_note_prefix,
    deliverySac: input.delivery_sac,
    deliveryGstRate: input.delivery_gst_rate,
    updatedAt: new Date(),
  }
  const saved = await staffWrite(ctx, { action: 'tax_settings.update', entity: ENTITY.entity }, async (tx) => {
    const row = existing ? await q.updateSettings(tx, websiteId, values) : await q.insertSettings(tx, websiteId, values)
    return { result: row, id: websiteId, before: existing ? record(existing) : null, after: record(row) }
  })
  // The first registration invoices the orders confirmed before it (issue 17), in this same transaction.
  const left = existing ? await q.countOrdersWithoutInvoice(ctx.db, websiteId) : (await issueMissing(ctx)).remaining
  return ok(answer(saved, left))
}
