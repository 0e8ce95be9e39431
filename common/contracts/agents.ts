import * as z from 'zod/mini'
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '../rules/mobile'
import { AddressInput, OtpInput } from './accounts'
import { defineContract } from './http'
import { wholeNumber } from './whole-numbers'
import { IdParam } from './admin'
import { calendarDate, text } from './text'

/** Sales agents (spec §§1, 2, 6; docs/decisions/0034-sales-agents.md). Money in rupees, like the admin home. */

const int = () => z.number().check(z.int())
const Mobile = text('Mobile number', [z.trim(), z.regex(MOBILE_PATTERN, MOBILE_MESSAGE)])

export { ACTING_FOR_HEADER } from './session'

export const AgentCustomer = z.object({
  id: int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  /** the agent made this account; its number is verified once the customer signs in with a code */
  added_by_agent: z.boolean(),
  phone_verified: z.boolean(),
  /** orders placed for them through this agent */
  orders: int(),
  total_ordered: z.number(),
  last_order_number: z.nullable(z.string()),
  last_order_at: z.nullable(z.string()),
})
export type AgentCustomer = z.infer<typeof AgentCustomer>

export const lookupCustomer = defineContract({
  method: 'GET',
  path: '/api/sales/customers/lookup',
  summary:
    'Sales agent: finds a customer of this website by the mobile number this website has for them (its name for them and whether they are already yours); anyone else, known to another website or to none, is null alike',
  query: z.object({ mobile: Mobile }),
  response: z.object({ customer: z.nullable(z.object({ id: int(), name: z.string(), phone: z.string(), mine: z.boolean() })) }),
})

export const AddCustomerBody = z.strictObject({
  mobile: Mobile,
  /** needed unless the number is already a customer's of this website */
  name: z.optional(text('Name', [z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Name is too long')])),
  address: z.optional(AddressInput),
})
export type AddCustomerBody = z.input<typeof AddCustomerBody>

/** A person with an account elsewhere: a code went to their number, which they give the agent if they agree. */
export const ConsentRequested = z.object({
  consent: z.literal('code_sent'),
  mobile: z.string(),
  name: z.string(),
  /** how long the code works */
  minutes: int(),
})
export type ConsentRequested = z.infer<typeof ConsentRequested>

export const addCustomer = defineContract({
  method: 'POST',
  path: '/api/sales/customers',
  summary:
    'Sales agent: adds a customer by mobile number. A customer of this website is linked (200); a new number gets an account (marked as added by an agent, the number unverified until the customer signs in with a code) with an optional first address (200); a number with an account elsewhere gets a code by SMS and nothing of theirs is used until the agent confirms with it (202, limits as sign-in codes: 429)',
  body: AddCustomerBody,
  response: AgentCustomer,
  accepted: ConsentRequested,
})

export const ConfirmCustomerBody = z.strictObject({
  mobile: Mobile,
  code: OtpInput,
})
export type ConfirmCustomerBody = z.input<typeof ConfirmCustomerBody>

export const confirmCustomer = defineContract({
  method: 'POST',
  path: '/api/sales/customers/confirm',
  summary:
    "Sales agent: the code the customer received, which says they agree: they become this website's customer and yours, with the name and address you typed (nothing of what they gave other websites); 422 for a wrong or expired code, 429 after 5 tries",
  body: ConfirmCustomerBody,
  response: AgentCustomer,
})

/** An add waiting for the customer's code: only what the agent typed. */
export const PendingCustomer = z.object({ mobile: z.string(), name: z.string(), requested_at: z.string() })
export type PendingCustomer = z.infer<typeof PendingCustomer>

export const listCustomers = defineContract({
  method: 'GET',
  path: '/api/sales/customers',
  summary: "Sales agent: the agent's customers with their last order and total ordered through this agent, and the adds waiting for a customer's code",
  response: z.object({ data: z.array(AgentCustomer), pending: z.array(PendingCustomer) }),
})

export const AGENT_PERIODS = ['day', 'week', 'month'] as const
export type AgentPeriod = (typeof AGENT_PERIODS)[number]

export const AgentOrder = z.object({
  id: int(),
  order_number: z.string(),
  customer_id: int(),
  customer_name: z.string(),
  status: z.string(),
  payment_status: z.string(),
  payment_method: z.string(),
  total: z.number(),
  commission: z.number(),
  created_at: z.string(),
})
export type AgentOrder = z.infer<typeof AgentOrder>

const Figure = z.object({ orders: int(), revenue: z.number() })

export const SalesDashboard = z.object({
  agent: z.string(),
  period: z.enum(AGENT_PERIODS),
  /** India's calendar day the figures are for */
  date: z.string(),
  today: Figure,
  week: Figure,
  month: Figure,
  /** placed with a payment link not paid yet (and not released) */
  awaiting_payment: Figure,
  delivered: Figure,
  commission: z.object({ earned: z.number(), pending: z.number() }),
  /** per day (last 14), week (last 12) or month (last 12), oldest first */
  series: z.array(z.object({ start: z.string(), label: z.string(), orders: int(), revenue: z.number(), commission: z.number() })),
  top_customers: z.array(z.object({ id: int(), name: z.string(), phone: z.nullable(z.string()), orders: int(), total: z.number() })),
  /** kept from the first version of this call */
  assigned_orders: int(),
  open_orders: int(),
})
export type SalesDashboard = z.infer<typeof SalesDashboard>

export const getSalesDashboard = defineContract({
  method: 'GET',
  path: '/api/sales/dashboard',
  summary:
    "Sales agent: the agent's own figures: orders and revenue today, this week and this month, awaiting payment, delivered, commission earned and pending, a series for the chart and top customers",
  query: z.object({ period: z.optional(z.enum(AGENT_PERIODS, { error: 'period must be day, week or month' })) }),
  response: SalesDashboard,
})

const day = (label: string) => z.optional(calendarDate(label))
export const AgentOrdersQuery = z.object({
  status: z.optional(
    z.enum(['open', 'awaiting_payment', 'delivered', 'cancelled'], { error: 'status must be open, awaiting_payment, delivered or cancelled' }),
  ),
  customer_id: z.optional(IdParam('customer_id')),
  from: day('From date'),
  to: day('To date'),
})
export type AgentOrdersQuery = z.infer<typeof AgentOrdersQuery>

export const listAgentOrders = defineContract({
  method: 'GET',
  path: '/api/sales/orders',
  summary: 'Sales agent: the orders this agent placed, newest first, filtered by status, customer and India dates (at most 500)',
  query: AgentOrdersQuery,
  response: z.object({ data: z.array(AgentOrder) }),
})

/** Staff: the agents of this website side by side. */
export const AgentFigures = z.object({
  id: int(),
  name: z.string(),
  phone: z.nullable(z.string()),
  customers: int(),
  orders: int(),
  revenue: z.number(),
  delivered: z.number(),
  commission_earned: z.number(),
  commission_pending: z.number(),
})
export type AgentFigures = z.infer<typeof AgentFigures>

export const listAgents = defineContract({
  method: 'GET',
  path: '/api/admin/agents',
  summary: 'Staff: every sales agent of this website with their customers, orders, revenue and commission (earned on delivery, pending while open)',
  response: z.object({ data: z.array(AgentFigures) }),
})

export const CommissionRules = z.object({
  /** percent of the delivered value of lines with no category rule */
  default_percent: z.number(),
  categories: z.array(z.object({ category_id: int(), name: z.string(), percent: z.number() })),
})
export type CommissionRules = z.infer<typeof CommissionRules>

const Percent = z.number({ error: 'Enter a percentage' }).check(
  z.gte(0, 'A percentage cannot be negative'),
  z.lte(100, 'A percentage is at most 100'),
  z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'At most two decimals'),
)

export const getCommissionRules = defineContract({
  method: 'GET',
  path: '/api/admin/commission-rules',
  summary: "Staff: the website's commission rules for sales agents (a default percentage and per category)",
  response: CommissionRules,
})

export const saveCommissionRules = defineContract({
  method: 'PUT',
  path: '/api/admin/commission-rules',
  summary: "Staff: replaces the website's commission rules (audited); they apply to every agent order's figures from then on",
  body: z.strictObject({
    default_percent: Percent,
    categories: z.array(z.strictObject({ category_id: wholeNumber(1), percent: Percent })).check(z.maxLength(200)),
  }),
  response: CommissionRules,
})
