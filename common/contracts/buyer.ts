import * as z from 'zod/mini'
import { gstinProblem } from '../rules/gstin'
import { text } from './text'

/**
 * A business buyer's GSTIN and legal name on a sale (issue 34, B2B invoices): checked as the shop's own GSTIN is
 * (format, state code, check character), each field answering its own 422. Both or neither: a blank GSTIN with a
 * blank name is an ordinary (B2C) sale.
 */
export const buyerFields = {
  buyer_gstin: z.optional(
    text('Buyer GSTIN', [
      z.trim(),
      z.toUpperCase(),
      z.superRefine((v, ctx) => {
        const problem = v === '' ? null : gstinProblem(v)
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: v })
      }),
    ]),
  ),
  buyer_name: z.optional(text('Buyer legal name', [z.trim(), z.maxLength(120, 'The legal name is at most 120 characters')])),
}

/** Both given, or neither; the other field's message says which is missing. */
export const buyerPairCheck = z.superRefine((v: { buyer_gstin?: string; buyer_name?: string }, ctx) => {
  const gstin = v.buyer_gstin ?? ''
  const name = v.buyer_name ?? ''
  if (gstin && name.length < 2)
    ctx.issues.push({ code: 'custom', message: 'Enter the business’s legal name as registered for GST', path: ['buyer_name'], input: name })
  if (!gstin && name) ctx.issues.push({ code: 'custom', message: 'Enter the business’s GSTIN, or leave the name blank', path: ['buyer_gstin'], input: gstin })
})

/** The buyer of a B2B sale from checked input, or null for a B2C sale. */
export const buyerOf = (v: { buyer_gstin?: string; buyer_name?: string }) =>
  v.buyer_gstin && v.buyer_name ? { gstin: v.buyer_gstin, name: v.buyer_name } : null

export const SavedBuyer = z.object({ gstin: z.nullable(z.string()), name: z.nullable(z.string()) })
export type SavedBuyer = z.infer<typeof SavedBuyer>
