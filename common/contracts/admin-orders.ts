import * as z from 'zod/mini'
import { IdParams, ListMeta, staffListQuery } from './admin'
import { defineContract } from './http'
import { INT_MAX, wholeNumber } from './whole-numbers'
import { OrderDetail } from './orders'
import { calendarDate, text } from './text'

/**
 * Staff calls of orders and fulfilment (CONTRACT "Staff calls": `GET /api/admin/orders`,
 * `POST /api/admin/orders/{id}/status`). Amounts are integer paise.
 */

const int = () => z.number().check(z.int())

export const ORDER_STATUSES = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled', 'expired'] as const
export const ORDER_STATUS_LABELS: Record<string, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
}
export const PAYMENT_STATUSES = ['cod', 'pending', 'paid', 'failed', 'refund_pending', 'refunded'] as const
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  cod: 'Cash to collect',
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
}
/** web orders' (cash on delivery, the gateways) and the shop counter's (cash, UPI, card, or split between them) */
export const PAYMENT_METHODS = ['cod', 'razorpay', 'cashfree', 'cash', 'upi', 'card', 'split'] as const
/** Where an order was taken: the storefront, a shop counter (POS) or a sales agent for the shopper. */
export const ORDER_CHANNELS = ['web', 'pos', 'agent'] as const
export type OrderChannel = (typeof ORDER_CHANNELS)[number]
export const CHANNEL_LABELS: Record<OrderChannel, string> = { web: 'Website', pos: 'Shop counter (POS)', agent: 'Sales agent' }
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
/** The moves staff make (CONTRACT); `placed` and `expired` are the system's. */
export const STAFF_MOVES = ['confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled'] as const
export type StaffMove = (typeof STAFF_MOVES)[number]

/** How a cash-on-delivery order was paid at the door. */
export const PAID_AT_DOOR = ['cash', 'upi', 'part', 'nothing'] as const
export type PaidAtDoor = (typeof PAID_AT_DOOR)[number]

const day = (label: string) => z.optional(calendarDate(label))

export const AdminOrderQuery = staffListQuery(['created_at', 'total', 'order_number'], '-created_at', {
  status: z.optional(z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` })),
  payment_status: z.optional(z.enum(PAYMENT_STATUSES, { error: `payment_status must be one of: ${PAYMENT_STATUSES.join(', ')}` })),
  payment_method: z.optional(z.enum(PAYMENT_METHODS, { error: `payment_method must be one of: ${PAYMENT_METHODS.join(', ')}` })),
  from: day('From date'),
  to: day('To date'),
  pincode: z.optional(text('pincode', [z.regex(/^\d{6}$/, 'pincode must be 6 digits')])),
  channel: z.optional(z.enum(ORDER_CHANNELS, { error: `channel must be one of: ${ORDER_CHANNELS.join(', ')}` })),
  /** orders delivered on this day (India's calendar), in the slot starting at `slot` when given */
  slot_date: day('Delivery date'),
  slot: z.optional(text('slot', [z.regex(TIME, 'slot must be a start time (HH:MM)')])),
})
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>

export const AdminOrderRow = z.object({
  id: int(),
  order_number: z.string(),
  status: z.string(),
  payment_status: z.string(),
  payment_method: z.string(),
  total: int(),
  created_at: z.string(),
  customer: z.string(),
  phone: z.string(),
  pincode: z.string(),
  /** the first delivery's window, e.g. `2026-11-24 09:00–11:00` */
  slot: z.nullable(z.string()),
  channel: z.string(),
})
export type AdminOrderRow = z.infer<typeof AdminOrderRow>

export const listAdminOrders = defineContract({
  method: 'GET',
  path: '/api/admin/orders',
  summary:
    'Admin: the website’s orders, newest first, with filters (status, payment status and method, dates in India’s calendar, pincode, channel, delivery slot: slot_date and slot start) and search (order number, phone, name); `counts` per status for the same filters without status',
  query: AdminOrderQuery,
  response: z.object({
    data: z.array(AdminOrderRow),
    meta: ListMeta,
    counts: z.record(z.string(), int()),
    /** with `slot_date`: that day's delivery windows that have orders, for the slot filter */
    slots: z.optional(z.array(z.object({ start: z.string(), end: z.string() }))),
  }),
})

/** What an order's payment still allows to refund (paise): the captured payment online, the cash taken for COD. */
export const RefundableMoney = z.object({
  source: z.enum(['online', 'cash']),
  paid: int(),
  /** paid, less the refunds made or under way (failed ones do not count) */
  left: int(),
  /** per line: the units not yet refunded and what one unit gives back (its price less its share of the coupon) */
  lines: z.array(z.object({ id: int(), units: int(), unit_amount: int() })),
})
export type RefundableMoney = z.infer<typeof RefundableMoney>

export const AdminOrderDetail = z.object({
  ...OrderDetail.shape,
  /** null: a walk-in sale at the counter (no customer) */
  customer: z.nullable(z.object({ id: int(), name: z.string(), phone: z.nullable(z.string()), email: z.nullable(z.string()) })),
  payments: z.array(
    z.object({ attempt: int(), provider: z.string(), status: z.string(), amount: int(), provider_payment_id: z.nullable(z.string()), at: z.string() }),
  ),
  refunds: z.array(
    z.object({
      id: int(),
      amount: int(),
      /** cancelled, staff, order_changed, …: PaymentRefund's reasons */
      reason: z.string(),
      state: z.enum(['pending', 'processed', 'failed']),
      /** razorpay, cashfree, or cash (given back by hand on a delivered cash-on-delivery order) */
      provider: z.string(),
      /** staff's own words */
      note: z.nullable(z.string()),
      by: z.nullable(z.string()),
      lines: z.nullable(z.array(z.object({ id: int(), quantity: int() }))),
      at: z.string(),
    }),
  ),
  /** what staff may still give back (null: nothing was paid, or not yet: an unpaid order, cash on delivery before delivery) */
  refundable: z.nullable(RefundableMoney),
  events: z.array(z.object({ kind: z.string(), note: z.string(), at: z.string(), by: z.nullable(z.string()) })),
  delivery_person: z.nullable(z.object({ name: z.string(), phone: z.string() })),
  cash_collected: z.nullable(int()),
  /** delivered cash on delivery: how it was paid at the door, the UPI taken, and what the shopper still owes */
  paid_at_door: z.nullable(z.enum(PAID_AT_DOOR)),
  upi_collected: z.nullable(int()),
  due: int(),
  /** the moves the lifecycle allows from here */
  next: z.array(z.enum(STAFF_MOVES)),
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>

export const getAdminOrder = defineContract({
  method: 'GET',
  path: '/api/admin/orders/:id',
  summary: 'Admin: one order with lines, charges, address, slots, payments, refunds, notes, the full timeline and the moves allowed next',
  params: IdParams,
  response: AdminOrderDetail,
})

const Phone = text('Delivery person’s phone', [z.trim(), z.regex(/^[6-9]\d{9}$/, 'Delivery person’s phone must be a 10-digit mobile number')])

export const MoveOrderInput = z.strictObject({
  status: z.enum(STAFF_MOVES, { error: `status must be one of: ${STAFF_MOVES.join(', ')}` }),
  /** why, for a cancel (required there) */
  note: z.optional(z.nullable(text('Note', [z.trim(), z.maxLength(300, 'Note is at most 300 characters')]))),
  /** out for delivery */
  delivery_person_name: z.optional(z.nullable(text('Delivery person’s name', [z.trim(), z.maxLength(80, 'Name is at most 80 characters')]))),
  delivery_person_phone: z.optional(z.nullable(Phone)),
  /**
   * delivered, cash on delivery: how the money came at the door: `cash` (all of it, the default), `upi` (all of it),
   * `part` (some, in cash and / or UPI: what is left stays due) or `nothing` (all of it stays due)
   */
  paid_at_door: z.optional(z.enum(PAID_AT_DOOR, { error: `paid_at_door must be one of: ${PAID_AT_DOOR.join(', ')}` })),
  /** delivered, paid by UPI at the door (`upi`: the order's total when left out; `part`: 0 when left out), in paise */
  upi_collected: z.optional(
    z.nullable(
      z
        .number({ error: 'UPI collected must be a number' })
        .check(z.int('UPI collected must be whole paise'), z.gte(0, 'UPI collected cannot be negative'), z.lte(INT_MAX, 'UPI collected is too large')),
    ),
  ),
  /** delivered, cash on delivery: the cash taken at the door, in paise (`cash`: the order's total when left out; `part`: 0) */
  cash_collected: z.optional(
    z.nullable(
      z
        .number({ error: 'Cash collected must be a number' })
        .check(z.int('Cash collected must be whole paise'), z.gte(0, 'Cash collected cannot be negative'), z.lte(INT_MAX, 'Cash collected is too large')),
    ),
  ),
})
export type MoveOrderInput = z.infer<typeof MoveOrderInput>

export const moveAdminOrder = defineContract({
  method: 'POST',
  path: '/api/admin/orders/:id/status',
  summary:
    'Admin: moves an order along its lifecycle (confirmed, packed, out_for_delivery, delivered, cancelled; a cancel needs a `note`); 409 for a move its lifecycle does not allow; answers the order with its timeline',
  params: IdParams,
  body: MoveOrderInput,
  response: AdminOrderDetail,
})

/**
 * A slot of a day by its start time (`09:00`); left out, all the day's slots. The date left out: the next delivery
 * day (the first day from today, India time, with confirmed orders to pick; tomorrow when there are none).
 */
export const PickListQuery = z.object({
  date: z.optional(calendarDate('Delivery date')),
  slot: z.optional(text('slot', [z.regex(TIME, 'slot must be a start time (HH:MM)')])),
})
export type PickListQuery = z.infer<typeof PickListQuery>

export const PickLine = z.object({
  product: z.string(),
  pack: z.string(),
  sku: z.nullable(z.string()),
  pack_id: int(),
  warehouse_id: int(),
  warehouse: z.string(),
  quantity: int(),
  order_numbers: z.array(z.string()),
})
export type PickLine = z.infer<typeof PickLine>

export const PackingSlip = z.object({
  order_id: int(),
  order_number: z.string(),
  /** the website's name, printed at the top */
  shop: z.string(),
  customer: z.string(),
  phone: z.string(),
  address: z.string(),
  slot: z.string(),
  /** the shopper's note from checkout, else null */
  note: z.nullable(z.string()),
  /**
   * every line the order still holds, `amount` = quantity × price; `other_delivery` names the delivery window of a
   * line that goes out in another delivery of the order (another warehouse's), null for this slot's lines
   */
  lines: z.array(
    z.object({
      product: z.string(),
      pack: z.string(),
      sku: z.nullable(z.string()),
      quantity: int(),
      price: int(),
      amount: int(),
      other_delivery: z.nullable(z.string()),
    }),
  ),
  /** the lines' sum, the coupon's discount (taken off), the delivery charge, the cash rounding: they add up to `total` */
  items_total: int(),
  discount: int(),
  coupon: z.nullable(z.string()),
  delivery: int(),
  round_off: int(),
  total: int(),
  payment_method: z.string(),
  /** the cash to take at the door (cash on delivery), else null */
  cod_amount: z.nullable(int()),
})
export type PackingSlip = z.infer<typeof PackingSlip>

export const PickListAnswer = z.object({
  date: z.string(),
  slot: z.nullable(z.string()),
  /** the day's slot windows that have deliveries (`09:00–11:00`), for the slot picker */
  slots: z.array(z.object({ start: z.string(), end: z.string() })),
  lines: z.array(PickLine),
  slips: z.array(PackingSlip),
})
export type PickListAnswer = z.infer<typeof PickListAnswer>

export const getPickList = defineContract({
  method: 'GET',
  path: '/api/admin/orders/pick-list',
  summary:
    'Admin: for a delivery date (the next delivery day when left out) and slot (start time; all slots when left out), the lines of its confirmed orders (not yet packed) summed per pack and warehouse with their order numbers, and each order’s packing slip',
  query: PickListQuery,
  response: PickListAnswer,
})

const Units = z
  .number({ error: 'Quantity must be a number' })
  .check(z.int('Quantity must be whole units'), z.gte(1, 'Quantity must be at least 1'), z.lte(INT_MAX, 'Quantity is too large'))

/**
 * A staff refund: per line (`lines`, units of order lines) or an `amount` in paise, one of the two, and why. The
 * most that can be refunded is the order's `refundable.left`.
 */
export const RefundOrderInput = z.strictObject({
  lines: z.optional(
    z
      .array(z.strictObject({ id: wholeNumber(1), quantity: Units }), { error: 'Lines must be a list of order lines and quantities' })
      .check(z.minLength(1, 'Choose at least one line'), z.maxLength(200, 'At most 200 lines')),
  ),
  amount: z.optional(
    z
      .number({ error: 'Amount must be a number' })
      .check(z.int('Amount must be whole paise'), z.gte(100, 'A refund is at least ₹1'), z.lte(INT_MAX, 'Amount is too large')),
  ),
  reason: text('Reason', [z.trim(), z.minLength(1, 'Say why the money goes back'), z.maxLength(300, 'Reason is at most 300 characters')]),
})
export type RefundOrderInput = z.infer<typeof RefundOrderInput>

export const refundAdminOrder = defineContract({
  method: 'POST',
  path: '/api/admin/orders/:id/refunds',
  summary:
    'Admin: gives money back on a paid order, per line (units) or an amount, with a reason: through its payment provider for an online payment (pending until the provider reports it), or recorded as cash given back for a delivered cash-on-delivery order. Never more than what is left of the payment (422); an unpaid order, or cash on delivery before delivery, 409. Answers the order',
  params: IdParams,
  body: RefundOrderInput,
  response: AdminOrderDetail,
})

/**
 * Before packing (a confirmed order): fewer units of lines, or a line removed (`quantity` 0), e.g. out of stock at
 * the shelf, and why. The units go back to stock, the totals are worked out again, and the difference is refunded
 * (paid online) or taken off the cash to collect (cash on delivery). Never more units than ordered; not every line.
 */
export const EditOrderLinesInput = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        id: wholeNumber(1),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .check(z.int('Quantity must be whole units'), z.gte(0, 'Quantity cannot be negative'), z.lte(INT_MAX, 'Quantity is too large')),
      }),
      { error: 'Lines must be a list of order lines and quantities' },
    )
    .check(z.minLength(1, 'Change at least one line'), z.maxLength(200, 'At most 200 lines')),
  reason: text('Reason', [z.trim(), z.minLength(1, 'Say why the items change'), z.maxLength(300, 'Reason is at most 300 characters')]),
})
export type EditOrderLinesInput = z.infer<typeof EditOrderLinesInput>

export const editAdminOrderLines = defineContract({
  method: 'POST',
  path: '/api/admin/orders/:id/lines',
  summary:
    'Admin: before packing (confirmed orders only, else 409), lowers line quantities or removes lines (quantity 0) with a reason: stock released, totals recomputed (the coupon discount scaled with the items), the difference refunded through the provider (paid online) or taken off the cash to collect (COD); the shopper is told. Answers the order',
  params: IdParams,
  body: EditOrderLinesInput,
  response: AdminOrderDetail,
})

/** A day's deliveries (India time), for the cash handover. */
export const CashHandoverQuery = z.object({ date: z.optional(calendarDate('Date')) })
export type CashHandoverQuery = z.infer<typeof CashHandoverQuery>

export const CashHandoverPerson = z.object({
  /** null: delivered without a delivery person named */
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** the cash they bring back to the shop, in paise */
  cash: int(),
  upi: int(),
  /** what the shoppers they delivered to still owe */
  due: int(),
  orders: z.array(
    z.object({ id: int(), order_number: z.string(), total: int(), paid_at_door: z.nullable(z.enum(PAID_AT_DOOR)), cash: int(), upi: int(), due: int() }),
  ),
})
export type CashHandoverPerson = z.infer<typeof CashHandoverPerson>

export const CashHandoverAnswer = z.object({
  date: z.string(),
  people: z.array(CashHandoverPerson),
  totals: z.object({ cash: int(), upi: int(), due: int(), orders: int() }),
})
export type CashHandoverAnswer = z.infer<typeof CashHandoverAnswer>

export const getCashHandover = defineContract({
  method: 'GET',
  path: '/api/admin/orders/cash-handover',
  summary:
    'Admin: a day’s (India time; today when left out) cash-on-delivery orders marked delivered, per delivery person: the cash each brings back, the UPI taken at the door and what is still due, with the orders',
  query: CashHandoverQuery,
  response: CashHandoverAnswer,
})
