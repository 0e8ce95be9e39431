import * as z from 'zod/mini'
import { IdParams } from './admin'
import { defineContract } from './http'
import { Count, Id, int, Rupees } from './pos-fields'
import { RegisterQuery } from './pos-registers'
import { text } from './text'

/**
 * A cashier's shift on a register: opened with the cash in the drawer, cash put in or taken out, closed with the notes
 * and coins counted; its report (docs/decisions/0024-point-of-sale.md). Rupees at the edge.
 */

/** Indian notes and coins a drawer is counted in, rupees */
export const DENOMINATIONS = [2000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const

export const OpenShiftInput = z.object({
  opening_cash: Rupees('Opening cash'),
  /** the website's demo register when left out */
  register_id: z.optional(Id('register_id')),
  /** or the register of this warehouse (made, named after it, when it has none yet) */
  warehouse_id: z.optional(Id('warehouse_id')),
})
export type OpenShiftInput = z.infer<typeof OpenShiftInput>

export const CashMoveInput = z.object({
  kind: z.enum(['in', 'out'], { error: 'kind must be in or out' }),
  amount: Rupees('Amount').check(z.gt(0, 'Amount must be more than zero')),
  reason: text('Reason', [z.trim(), z.minLength(1, 'Please give a reason'), z.maxLength(200, 'Reason is limited to 200 characters')]),
})
export type CashMoveInput = z.infer<typeof CashMoveInput>

/** How many of each note and coin were counted: `{ "500": 3, "10": 7 }`; left out means none. */
export const CloseShiftInput = z.object({
  counted: z.partialRecord(
    z.enum(DENOMINATIONS.map(String) as ['2000'], { error: `counted takes the denominations ${DENOMINATIONS.join(', ')}` }),
    Count('Count', 0),
  ),
})
export type CloseShiftInput = z.infer<typeof CloseShiftInput>

const ByMethod = z.object({ cash: z.number(), upi: z.number(), card: z.number(), khata: z.number() })

export const ShiftReport = z.object({
  shift_id: int(),
  register_id: int(),
  register: z.string(),
  warehouse_id: int(),
  cashier: z.string(),
  status: z.enum(['open', 'closed']),
  opened_at: z.string(),
  closed_at: z.nullable(z.string()),
  opening_cash: z.number(),
  sales_count: int(),
  /** taken per method (cash net of change) */
  sales: ByMethod,
  sales_total: z.number(),
  /** given back per method for returns */
  refunds: ByMethod,
  returns_count: int(),
  discounts: z.number(),
  cash_in: z.number(),
  cash_out: z.number(),
  cash_moves: z.array(z.object({ kind: z.enum(['in', 'out']), amount: z.number(), reason: z.string(), at: z.string() })),
  /** opening + cash sales − cash refunds + cash in − cash out */
  expected_cash: z.number(),
  counted_cash: z.nullable(z.number()),
  counted: z.nullable(z.record(z.string(), z.number())),
  /** counted − expected (negative: short) */
  difference: z.nullable(z.number()),
})
export type ShiftReport = z.infer<typeof ShiftReport>

export const openShift = defineContract({
  method: 'POST',
  path: '/api/pos/shifts',
  summary: 'POS: opens a shift of the signed-in staff member on the register (the demo register by default); 409 while one is open there',
  body: OpenShiftInput,
  response: z.object({ shift_id: int() }),
  status: 201,
})

export const currentShift = defineContract({
  method: 'GET',
  path: '/api/pos/shifts/current',
  summary: 'POS: the register (`register_id`, else the demo register) and its open shift with its running report, or null; another website’s register 404',
  query: RegisterQuery,
  response: z.object({
    register: z.object({ id: int(), name: z.string(), warehouse_id: int() }),
    shift: z.nullable(ShiftReport),
  }),
})

export const getShift = defineContract({
  method: 'GET',
  path: '/api/pos/shifts/:id',
  summary: 'POS: a shift report (sales by payment method, refunds, discounts, cash movements, expected and counted cash)',
  params: IdParams,
  response: ShiftReport,
})

export const moveCash = defineContract({
  method: 'POST',
  path: '/api/pos/shifts/:id/cash',
  summary: 'POS: cash put into or taken out of the drawer, with a reason; 409 when the shift is closed',
  params: IdParams,
  body: CashMoveInput,
  response: ShiftReport,
})

export const closeShift = defineContract({
  method: 'POST',
  path: '/api/pos/shifts/:id/close',
  summary: 'POS: closes the shift with the cash counted per denomination: expected vs counted and the difference; 409 when already closed',
  params: IdParams,
  body: CloseShiftInput,
  response: ShiftReport,
})
