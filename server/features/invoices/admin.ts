import { eq, sql } from 'drizzle-orm'
import type { TaxSettingsAnswer, TaxSettingsInput } from '../../../common/contracts/invoices'
import { taxSettings } from '../../db/schema/index'
import { ok, type Result } from '../../platform/result'
import type { StaffCtx, StaffWriteCtx } from '../../platform/staff-write'
import { staffWrite } from '../../platform/staff-write'
import { expectVersion } from '../../platform/versioned'
import * as q from './queries'

/** Staff calls of the website's GST registration (docs/decisions/0030-gst-invoices.md). */

const ENTITY = { entity: 'tax_settings', label: 'Tax settings' }

function answer(r: q.TaxSettingsRow | null): TaxSettingsAnswer {
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
  }
}

/** the record as the audit log keeps it */
const record = (r: q.TaxSettingsRow | null) => {
  const { configured: _, ...rest } = answer(r)
  return rest
}

export async function getTaxSettings(ctx: StaffCtx): Promise<TaxSettingsAnswer> {
  return answer(await q.findSettings(ctx.db, ctx.site.id))
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
    const [row] = existing
      ? await tx
          .update(taxSettings)
          .set({ ...values, version: sql`${taxSettings.version} + 1` })
          .where(eq(taxSettings.websiteId, websiteId))
          .returning()
      : await tx
          .insert(taxSettings)
          .values({ websiteId, ...values, version: 2 })
          .returning()
    return { result: row, id: websiteId, before: existing ? record(existing) : null, after: record(row) }
  })
  return ok(answer(saved))
}
