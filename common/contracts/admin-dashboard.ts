import * as z from 'zod/mini'
import { defineContract } from './http'

/** The admin home (docs/decisions/0020-staff-roles-and-dashboard.md): the day at a glance, each figure linking to its list. */

const int = () => z.number().check(z.int())

/** Orders staff still have to move along, in lifecycle order. */
export const WAITING_STATUSES = ['placed', 'confirmed', 'packed', 'out_for_delivery'] as const
export type WaitingStatus = (typeof WAITING_STATUSES)[number]
export const WAITING_LABELS: Record<WaitingStatus, string> = {
  placed: 'To confirm',
  confirmed: 'To pack',
  packed: 'To send out',
  out_for_delivery: 'Out for delivery',
}

export const SlotFill = z.object({
  date: z.string(),
  start: z.string(),
  end: z.string(),
  warehouse_id: int(),
  warehouse_name: z.string(),
  booked: int(),
  capacity: int(),
})
export type SlotFill = z.infer<typeof SlotFill>

export const Dashboard = z.object({
  /** India's calendar day the figures are for */
  date: z.string(),
  tomorrow: z.string(),
  /** orders placed today (India day), not cancelled, expired or awaiting an online payment; revenue in rupees */
  today: z.object({ orders: int(), revenue: z.number() }),
  waiting: z.array(z.object({ status: z.enum(WAITING_STATUSES), count: int() })),
  /** today's windows not yet over and tomorrow's, per warehouse */
  slots: z.array(SlotFill),
  /** (pack, warehouse) rows low or out of stock */
  stock: z.object({ low: int(), out_of_stock: int() }),
})
export type Dashboard = z.infer<typeof Dashboard>

export const getDashboard = defineContract({
  method: 'GET',
  path: '/api/admin/dashboard',
  summary: 'Admin: the admin home: today’s orders and revenue (India day), orders waiting per status, slots of today and tomorrow, low stock',
  response: Dashboard,
})

/** A new website's setup checklist (issue 29), in the order a shop sets itself up; each step ticks from real data. */
export const SETUP_STEPS = ['warehouse', 'products', 'stock', 'delivery', 'tax', 'payments', 'home_page', 'go_live'] as const
export type SetupStep = (typeof SETUP_STEPS)[number]

export const SetupChecklist = z.object({
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** every step done: the admin home shows the checklist no more */
  done: z.boolean(),
})
export type SetupChecklist = z.infer<typeof SetupChecklist>

export const getSetupChecklist = defineContract({
  method: 'GET',
  path: '/api/admin/dashboard/setup',
  summary:
    'Admin: the setup checklist of the admin home: warehouse and pincodes → products → stock → delivery slots → tax registration → payments → home page → go live (the first order), each done or not from the website’s data',
  response: SetupChecklist,
})
