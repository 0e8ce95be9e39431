import * as z from 'zod/mini'
import { IdParam, IdParams, listAnswer, staffListQuery, staleBody, versionOf } from './admin'
import { Pincode } from './admin-stock'
import { defineContract } from './http'
import { calendarDate, text } from './text'

/**
 * Staff calls of delivery settings (docs/decisions/0021-delivery-settings.md): the pincodes each warehouse serves,
 * delivery charges by cart value, slot templates, closures and the fill of the coming slots. Amounts are rupees at
 * the edge (paise inside); dates are India calendar days, times the shop's wall clock ('HH:MM').
 */

const int = () => z.number().check(z.int())

/* ---------- pincodes ---------- */

export const DeliveryDays = z
  .number({ error: 'Delivery days must be a number' })
  .check(z.int('Delivery days must be a whole number'), z.gte(0, 'Delivery days cannot be negative'), z.lte(30, 'Delivery days is at most 30'))

export const AdminPincode = z.object({ pincode: z.string(), warehouse_id: int(), warehouse_name: z.string(), delivery_days: int() })
export type AdminPincode = z.infer<typeof AdminPincode>

export const PincodeQuery = staffListQuery(['pincode', 'delivery_days'], 'pincode', { warehouse_id: z.optional(IdParam('warehouse_id')) })
export type PincodeQuery = z.output<typeof PincodeQuery>

export const listDeliveryPincodes = defineContract({
  method: 'GET',
  path: '/api/admin/delivery/pincodes',
  summary: 'Admin: the pincodes this website delivers to, with the warehouse that serves each; search by pincode, filter by warehouse',
  query: PincodeQuery,
  response: listAnswer(AdminPincode),
})

/** What staff pasted or uploaded (pincodes separated by commas, spaces or new lines; a CSV's first column). */
export const PASTE_MAX = 200_000
export const PincodePaste = z.strictObject({
  text: text('Pincodes', [z.maxLength(PASTE_MAX, 'Paste at most 200,000 characters at a time')]),
})

export const PincodePreview = z.object({
  /** not served yet: saving adds these */
  new: z.array(z.string()),
  /** this warehouse serves them already */
  already: z.array(z.string()),
  /** served by another warehouse of this website (a pincode is served by one warehouse) */
  taken: z.array(z.object({ pincode: z.string(), warehouse_id: int(), warehouse_name: z.string() })),
  /** not a pincode: 6 digits, not starting with 0 */
  invalid: z.array(z.string()),
})
export type PincodePreview = z.infer<typeof PincodePreview>

export const WarehouseParams = z.object({ id: IdParam() })

export const previewPincodes = defineContract({
  method: 'POST',
  path: '/api/admin/delivery/warehouses/:id/pincodes/preview',
  summary: 'Admin: sorts pasted pincodes into new, already served here, served by another warehouse, and invalid; changes nothing',
  params: WarehouseParams,
  body: PincodePaste,
  response: PincodePreview,
})

export const PincodeList = z.array(Pincode).check(z.minLength(1, 'Choose at least one pincode'), z.maxLength(5000, 'At most 5,000 pincodes at a time'))

export const addPincodes = defineContract({
  method: 'POST',
  path: '/api/admin/delivery/warehouses/:id/pincodes',
  summary:
    'Admin: the warehouse serves these pincodes too (422 on `pincodes` naming any served by another warehouse); ones it serves already are left as they are',
  params: WarehouseParams,
  body: z.strictObject({ pincodes: PincodeList, delivery_days: z._default(DeliveryDays, 0) }),
  response: z.object({ added: z.array(z.string()) }),
})

export const setPincodeDays = defineContract({
  method: 'POST',
  path: '/api/admin/delivery/pincodes/days',
  summary: 'Admin: the delivery days of these pincodes (0 = same day); 404 when one is not served by this website',
  body: z.strictObject({ pincodes: PincodeList, delivery_days: DeliveryDays }),
  response: z.object({ data: z.array(AdminPincode) }),
})

export const removePincodes = defineContract({
  method: 'POST',
  path: '/api/admin/delivery/pincodes/remove',
  summary: 'Admin: stops delivering to these pincodes (orders already placed keep their delivery); 404 when one is not served by this website',
  body: z.strictObject({ pincodes: PincodeList }),
  response: z.object({ removed: z.array(z.string()) }),
})

/* ---------- delivery charges ---------- */

const Amount = (label: string) =>
  z.number({ error: `${label} must be a number` }).check(
    z.gte(0, `${label} cannot be negative`),
    z.lte(100_000, `${label} is too large`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} may have at most two decimals`),
  )

/** `charge` on carts below `free_above` (rupees); from `free_above` on, delivery is free. */
export const ChargeRule = z.object({ charge: z.number(), free_above: z.number() })
export type ChargeRule = z.infer<typeof ChargeRule>

export const DeliveryCharges = z.object({
  website: ChargeRule,
  warehouses: z.array(
    z.object({
      warehouse_id: int(),
      warehouse_name: z.string(),
      /** the warehouse's own rule; null = the website's */
      own: z.nullable(ChargeRule),
      /** what carts delivered from it pay */
      applies: ChargeRule,
    }),
  ),
})
export type DeliveryCharges = z.infer<typeof DeliveryCharges>

export const ChargeRuleInput = z.strictObject({ charge: Amount('Delivery charge'), free_above: Amount('Free delivery from') })
export type ChargeRuleInput = z.infer<typeof ChargeRuleInput>

export const getDeliveryCharges = defineContract({
  method: 'GET',
  path: '/api/admin/delivery/charges',
  summary: "Admin: the website's delivery charge rule by cart value and each warehouse's own rule, if any",
  response: DeliveryCharges,
})

export const setWebsiteCharges = defineContract({
  method: 'PUT',
  path: '/api/admin/delivery/charges',
  summary: "Admin: the website's delivery charge: `charge` below `free_above`, free from it on; carts and checkout use it at once",
  body: ChargeRuleInput,
  response: DeliveryCharges,
})

export const setWarehouseCharges = defineContract({
  method: 'PUT',
  path: '/api/admin/delivery/warehouses/:id/charges',
  summary: "Admin: a warehouse's own delivery charge rule (`own`), or null to follow the website's",
  params: WarehouseParams,
  body: z.strictObject({ own: z.nullable(ChargeRuleInput) }),
  response: DeliveryCharges,
})

/* ---------- slot templates ---------- */

const Time = (label: string) => text(label, [z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}: use a time like 07:00`)])

export const SlotTemplate = z.object({
  warehouse_id: int(),
  /** 0 = Sunday … 6 = Saturday */
  weekdays: z.array(int()),
  windows: z.array(z.object({ start: z.string(), end: z.string() })),
  capacity: int(),
  cutoff_minutes: int(),
  days_ahead: int(),
  /** 0 while the warehouse uses the default template */
  version: int(),
})
export type SlotTemplate = z.infer<typeof SlotTemplate>

export const SlotTemplateInput = z.strictObject({
  /** the version read (0 for the default template); 409 when someone saved in between */
  version: versionOf(0, 'the default template'),
  weekdays: z
    .array(
      z
        .number({ error: 'Choose days of the week' })
        .check(z.int('Choose days of the week'), z.gte(0, 'Choose days of the week'), z.lte(6, 'Choose days of the week')),
    )
    .check(z.minLength(1, 'Choose at least one day of the week')),
  windows: z
    .array(z.strictObject({ start: Time('Start'), end: Time('End') }))
    .check(z.minLength(1, 'Add at least one window'), z.maxLength(24, 'At most 24 windows a day')),
  capacity: z
    .number({ error: 'Capacity must be a number' })
    .check(z.int('Capacity must be a whole number'), z.gte(1, 'Capacity must be 1 or more'), z.lte(10_000, 'Capacity is at most 10,000')),
  cutoff_minutes: z
    .number({ error: 'Cut-off must be a number' })
    .check(z.int('Cut-off must be whole minutes'), z.gte(0, 'Cut-off cannot be negative'), z.lte(2880, 'Cut-off is at most 2,880 minutes (2 days)')),
  days_ahead: z
    .number({ error: 'Days ahead must be a number' })
    .check(z.int('Days ahead must be a whole number'), z.gte(1, 'Days ahead must be 1 or more'), z.lte(30, 'Days ahead is at most 30')),
})
export type SlotTemplateInput = z.infer<typeof SlotTemplateInput>

export const getSlotTemplate = defineContract({
  method: 'GET',
  path: '/api/admin/delivery/warehouses/:id/template',
  summary: "Admin: how a warehouse's delivery slots are made (the default template until staff save one)",
  params: WarehouseParams,
  response: SlotTemplate,
})

export const setSlotTemplate = defineContract({
  method: 'PUT',
  path: '/api/admin/delivery/warehouses/:id/template',
  summary:
    'Admin: saves a slot template. Slots already made follow it, but never drop or shrink bookings: capacity stays at least what is booked; a window taken out keeps its booked orders and is offered no more',
  params: WarehouseParams,
  body: SlotTemplateInput,
  response: SlotTemplate,
  stale: staleBody(SlotTemplate),
})

/* ---------- closures ---------- */

export const Closure = z.object({
  id: int(),
  /** null = every warehouse of the website */
  warehouse_id: z.nullable(int()),
  warehouse_name: z.nullable(z.string()),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
})
export type Closure = z.infer<typeof Closure>

export const ClosureInput = z.strictObject({
  warehouse_id: z.nullable(IdParam('warehouse_id')),
  from: calendarDate('First day'),
  to: calendarDate('Last day'),
  reason: text('Reason', [z.trim(), z.minLength(1, 'Say why (e.g. Diwali)'), z.maxLength(120, 'Reason is at most 120 characters')]),
})
export type ClosureInput = z.infer<typeof ClosureInput>

export const listClosures = defineContract({
  method: 'GET',
  path: '/api/admin/delivery/closures',
  summary: 'Admin: days without delivery that have not passed, soonest first',
  response: z.object({ data: z.array(Closure) }),
})

export const createClosure = defineContract({
  method: 'POST',
  path: '/api/admin/delivery/closures',
  summary: 'Admin: no slots are offered on these days (a warehouse, or the whole website); orders already booked on them keep their slot',
  status: 201,
  body: ClosureInput,
  response: Closure,
})

export const deleteClosure = defineContract({
  method: 'DELETE',
  path: '/api/admin/delivery/closures/:id',
  summary: 'Admin: reopens the days of a closure (the template offers their slots again)',
  params: IdParams,
  response: z.object({ id: int() }),
})

/* ---------- fill ---------- */

export const SlotFill = z.object({
  warehouse_id: int(),
  dates: z.array(z.object({ date: z.string(), closed: z.nullable(z.string()) })),
  windows: z.array(z.object({ start: z.string(), end: z.string() })),
  slots: z.array(z.object({ id: int(), date: z.string(), start: z.string(), end: z.string(), booked: int(), capacity: int(), offered: z.boolean() })),
})
export type SlotFill = z.infer<typeof SlotFill>

export const getSlotFill = defineContract({
  method: 'GET',
  path: '/api/admin/delivery/warehouses/:id/slots',
  summary: 'Admin: each slot of a warehouse from today for `days` days, booked against capacity (closed days say why)',
  params: WarehouseParams,
  query: z.object({
    days: z._default(
      z.coerce
        .number({ error: 'days must be a number' })
        .check(z.int('days must be a whole number'), z.gte(1, 'days must be 1 or more'), z.lte(31, 'days is at most 31')),
      7,
    ),
  }),
  response: SlotFill,
})
