import * as z from 'zod/mini'
import { INDIAN_STATES } from '../rules/address'
import { gstinProblem } from '../rules/gstin'
import { IdParam, staleBody, Version } from './admin'
import { GST_RATES } from './admin-catalogue'
import { defineContract } from './http'
import { calendarDate, text } from './text'

/**
 * GST tax invoices and credit notes (docs/decisions/0030-gst-invoices.md): a website's registration (staff set it)
 * and the content of a document as it was issued (frozen as JSON). Money is integer paise throughout.
 */

/** One line of a document: goods (HSN) or a service (SAC) such as delivery. */
export interface TaxLine {
  sr: number
  /** the order line it sells (null: delivery); credit notes name the invoice's line by this */
  itemId: number | null
  kind: 'goods' | 'service'
  description: string
  /** HSN for goods, SAC for services; '' when the product has none */
  code: string
  quantity: number
  /** Unique Quantity Code as GST returns want it */
  unit: string
  /** the price of one unit as the shopper saw it, tax included */
  unitPricePaise: number
  /** the order's discount (coupon) given on this line, tax included */
  discountPaise: number
  /** what this line costs the shopper, tax included: the taxable value plus its taxes */
  valuePaise: number
  taxablePaise: number
  ratePct: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  cessPct: number
  cessPaise: number
}

export interface TaxTotals {
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  cessPaise: number
  taxPaise: number
  /** what the lines add up to differs from the amount paid by this (0 while prices are kept to the paisa) */
  roundOffPaise: number
  totalPaise: number
}

export interface TaxRateRow {
  ratePct: number
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  cessPaise: number
}

export interface Party {
  name: string
  tradeName?: string
  gstin: string | null
  address: string
  state: string
  stateCode: string
  phone?: string
}

export interface TaxDocumentContent {
  kind: 'invoice' | 'credit_note'
  title: string
  number: string
  /** ISO date-time of issue; the document shows the date in India */
  issuedAt: string
  financialYear: string
  supplier: Party
  recipient: Party
  placeOfSupply: { state: string; stateCode: string }
  interState: boolean
  reverseCharge: false
  order: { id: number; number: string; placedAt: string; channel: string }
  /** a credit note's invoice, and why it was issued */
  against: { number: string; issuedAt: string } | null
  reason: string | null
  lines: TaxLine[]
  byRate: TaxRateRow[]
  totals: TaxTotals
  amountInWords: string
}

/* ---------- a shopper's and staff's list of an order's documents ---------- */

export const TaxDocumentSummary = z.object({
  id: z.number(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issued_at: z.string(),
  total: z.number(),
  url: z.string(),
})
export type TaxDocumentSummary = z.infer<typeof TaxDocumentSummary>

const OrderIdParams = z.object({ id: IdParam() })
const DocParams = z.object({ id: IdParam(), documentId: IdParam('documentId') })

export const listOrderTaxDocuments = defineContract({
  method: 'GET',
  path: '/api/orders/:id/tax-documents',
  summary: 'The order’s tax invoice and credit notes (its shopper, or staff of the website); 404 for anyone else',
  params: OrderIdParams,
  response: z.object({ data: z.array(TaxDocumentSummary) }),
})

export const getOrderInvoicePdf = defineContract({
  method: 'GET',
  path: '/api/orders/:id/invoice.pdf',
  summary: 'CONTRACT: the order’s GST tax invoice as application/pdf, for its shopper and for staff (404 for anyone else, or before it is issued)',
  params: OrderIdParams,
  response: z.string(),
})

export const getOrderCreditNotePdf = defineContract({
  method: 'GET',
  path: '/api/orders/:id/credit-notes/:documentId',
  summary: 'A credit note of the order as application/pdf, for its shopper and for staff (404 for anyone else)',
  params: DocParams,
  response: z.string(),
})

/* ---------- staff: the website's GST registration ---------- */

export const TaxSettingsAnswer = z.object({
  configured: z.boolean(),
  legal_name: z.string(),
  trade_name: z.string(),
  gstin: z.string(),
  state: z.string(),
  address: z.string(),
  invoice_prefix: z.string(),
  credit_note_prefix: z.string(),
  delivery_sac: z.string(),
  delivery_gst_rate: z.number(),
  version: z.number(),
  /** orders confirmed (or sold at the counter) that have no tax invoice: before the registration was saved */
  missing_invoices: z.number(),
})
export type TaxSettingsAnswer = z.infer<typeof TaxSettingsAnswer>

const Prefix = (label: string) =>
  text(label, [z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{1,4}$/, `${label}: 1 to 4 letters or digits (a number is at most 16 characters)`)])

export const TaxSettingsInput = z
  .strictObject({
    version: Version,
    legal_name: text('Legal name', [
      z.trim(),
      z.minLength(2, 'Enter the legal name as registered for GST'),
      z.maxLength(120, 'Legal name is at most 120 characters'),
    ]),
    trade_name: text('Trade name', [z.trim(), z.maxLength(120, 'Trade name is at most 120 characters')]),
    gstin: text('GSTIN', [
      z.trim(),
      z.toUpperCase(),
      z.superRefine((v, ctx) => {
        const problem = gstinProblem(v)
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: v })
      }),
    ]),
    state: z.enum(INDIAN_STATES, { error: 'Choose the state of the registration' }),
    address: text('Registered address', [
      z.trim(),
      z.minLength(10, 'Enter the registered address of the principal place of business'),
      z.maxLength(400, 'Registered address is at most 400 characters'),
    ]),
    invoice_prefix: Prefix('Invoice prefix'),
    credit_note_prefix: Prefix('Credit note prefix'),
    delivery_sac: text('Delivery SAC', [z.trim(), z.regex(/^99\d{2}(\d{2})?$/, 'A SAC has 4 or 6 digits and starts with 99')]),
    delivery_gst_rate: z.literal(GST_RATES, { error: `GST rate must be one of ${GST_RATES.join(', ')} %` }),
  })
  .check(
    z.superRefine((v, ctx) => {
      // the format is checked on the field; here only that it is registered in the state chosen
      const problem = gstinProblem(v.gstin) ? null : gstinProblem(v.gstin, v.state)
      if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['gstin'], input: v.gstin })
      if (v.invoice_prefix === v.credit_note_prefix) {
        ctx.issues.push({
          code: 'custom',
          message: 'Invoices and credit notes need different prefixes',
          path: ['credit_note_prefix'],
          input: v.credit_note_prefix,
        })
      }
    }),
  )
export type TaxSettingsInput = z.infer<typeof TaxSettingsInput>

export const getTaxSettings = defineContract({
  method: 'GET',
  path: '/api/admin/tax-settings',
  summary: 'Admin: the website’s GST registration as its tax invoices show it (`configured` false: none saved, no invoices are issued)',
  response: TaxSettingsAnswer,
})

export const updateTaxSettings = defineContract({
  method: 'PUT',
  path: '/api/admin/tax-settings',
  summary:
    'Admin: saves the GST registration (GSTIN checked: format, state code, check character, and the state chosen). Send `version`; 409 `stale` when someone saved in between.',
  body: TaxSettingsInput,
  response: TaxSettingsAnswer,
  stale: staleBody(TaxSettingsAnswer),
})

export const IssueMissingAnswer = z.object({
  issued: z.number(),
  /** the first and last numbers issued by this call */
  first: z.nullable(z.string()),
  last: z.nullable(z.string()),
  /** still without one (a call issues at most 2,000: call again) */
  remaining: z.number(),
})
export type IssueMissingAnswer = z.infer<typeof IssueMissingAnswer>

export const issueMissingInvoices = defineContract({
  method: 'POST',
  path: '/api/admin/tax-settings/issue-missing',
  summary:
    'Admin: tax invoices for the orders confirmed (or sold at the counter) before the GST registration was saved, oldest order first, numbered today; idempotent (an order never gets two); 409 while no registration is saved',
  response: IssueMissingAnswer,
})

/* ---------- staff: GST report of a period ---------- */

export const GST_REPORT_SECTIONS = ['documents', 'rates', 'hsn'] as const

export const GstReportQuery = z.object({ from: calendarDate('From date'), to: calendarDate('To date') })
export const GstReportCsvQuery = z.object({
  from: calendarDate('From date'),
  to: calendarDate('To date'),
  section: z.enum(GST_REPORT_SECTIONS, { error: 'section must be documents, rates or hsn' }),
})

const Tax = { taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), cess: z.number() }
export const GstReport = z.object({
  from: z.string(),
  to: z.string(),
  /** invoices and credit notes issued in the period (India days, both included), oldest first */
  documents: z.array(
    z.object({
      kind: z.enum(['invoice', 'credit_note']),
      number: z.string(),
      date: z.string(),
      order_number: z.string(),
      against: z.nullable(z.string()),
      place_of_supply: z.string(),
      ...Tax,
      total: z.number(),
    }),
  ),
  /** B2C supplies by place of supply and rate (GSTR-1 tables 7 and 5 style), credit notes taken off */
  rates: z.array(z.object({ place_of_supply: z.string(), state_code: z.string(), rate: z.number(), ...Tax })),
  /** HSN/SAC summary (GSTR-1 table 12 style), credit notes taken off */
  hsn: z.array(z.object({ code: z.string(), uqc: z.string(), quantity: z.number(), rate: z.number(), value: z.number(), ...Tax })),
})
export type GstReport = z.infer<typeof GstReport>

export const getGstReport = defineContract({
  method: 'GET',
  path: '/api/admin/gst-report',
  summary: 'Admin: the tax invoices and credit notes of a period, tax by place of supply and rate, and the HSN summary (rupees)',
  query: GstReportQuery,
  response: GstReport,
})

export const getGstReportCsv = defineContract({
  method: 'GET',
  path: '/api/admin/gst-report.csv',
  summary: 'Admin: one section of the GST report (`documents`, `rates` or `hsn`) as CSV',
  query: GstReportCsvQuery,
  response: z.string(),
})
