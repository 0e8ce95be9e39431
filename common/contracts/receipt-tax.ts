import * as z from 'zod/mini'

const int = () => z.number().check(z.int())
const TaxAmounts = { taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), cess: z.number() }

/**
 * The receipt's tax part (issue 17, docs/decisions/0031-pos-gst-gaps.md): read from the GST invoice issued with the
 * sale, rupees. `rates` per GST rate (and cess rate), `hsn` the HSN summary (one row per code and rate).
 */
export const ReceiptTax = z.object({
  invoice_number: z.string(),
  issued_at: z.string(),
  gstin: z.string(),
  legal_name: z.string(),
  place_of_supply: z.string(),
  inter_state: z.boolean(),
  /** the registered business it was sold to (a B2B counter sale), as the invoice names it; absent or null: B2C */
  buyer: z.optional(z.nullable(z.object({ gstin: z.string(), name: z.string(), state: z.string() }))),
  rates: z.array(z.object({ rate: z.number(), cess_rate: z.number(), ...TaxAmounts })),
  hsn: z.array(z.object({ code: z.string(), rate: z.number(), quantity: int(), ...TaxAmounts })),
  totals: z.object({ ...TaxAmounts, tax: z.number(), round_off: z.number(), total: z.number() }),
  /** credit notes issued against it (returns at the counter) */
  credit_notes: z.array(z.object({ number: z.string(), total: z.number() })),
})
export type ReceiptTax = z.infer<typeof ReceiptTax>
