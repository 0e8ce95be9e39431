import type { AddressInput } from '../../../common/contracts/accounts'
import {
  ACTING_FOR_HEADER,
  type AddCustomerBody,
  type AgentCustomer,
  type ConfirmCustomerBody,
  type ConsentRequested,
  type AgentOrder,
  type AgentOrdersQuery,
  type AgentPeriod,
  type SalesDashboard,
} from '../../../common/contracts/agents'
import type { User } from '../../../common/contracts/accounts'
import { AppError } from '../../platform/errors'
import { requireAgent } from '../../platform/guards'
import type { RequestCtx, Visitors } from '../../platform/request-context'
import { fail, ok, type Result } from '../../platform/result'
import type { Tx } from '../../db/client'
import { createAddress } from '../accounts/addresses'
import type { OtpDelivery } from '../accounts/otp-delivery/index'
import * as accounts from '../accounts/service'
import * as q from './queries'

/** Sales agents and their customers (docs/decisions/0034-sales-agents.md). */

const rupees = (paise: string | number) => Number(paise) / 100
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

function customerAnswer(r: q.CustomerRow): AgentCustomer {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    added_by_agent: r.added_by_agent,
    phone_verified: r.phone_verified,
    orders: r.orders,
    total_ordered: rupees(r.total_paise),
    last_order_number: r.last_order_number,
    last_order_at: iso(r.last_order_at),
  }
}

/**
 * A lookup answers only a customer of this website, found by the number this website has for them, with this
 * website's name for them and whether they are already the agent's. Anyone else, whether another website knows them
 * or nobody does, is the same `null` from the same one query (decision 0034).
 */
export async function lookup(ctx: RequestCtx, mobile: string) {
  const agent = requireAgent(ctx)
  const here = await accounts.customerHereByPhone(ctx.db, ctx.site.id, mobile)
  if (!here) return { customer: null }
  return { customer: { id: here.userId, name: here.name, phone: mobile, mine: await q.isCustomerOf(ctx.db, ctx.site.id, agent.id, here.userId) } }
}

export async function listCustomers(ctx: RequestCtx) {
  const agent = requireAgent(ctx)
  const [customers, pending] = await Promise.all([q.customersOf(ctx.db, ctx.site.id, agent.id), q.pendingRequests(ctx.db, ctx.site.id, agent.id)])
  return {
    data: customers.map(customerAnswer),
    pending: pending.map((r) => ({ mobile: r.phone, name: r.name, requested_at: new Date(r.created_at).toISOString() })),
  }
}

const NAME_NEEDED = 'This number is not a customer here yet: enter the customer’s name'

/**
 * Adds a customer by number (decision 0034):
 * - a customer of this website (by the number it has for them) becomes the agent's too;
 * - a number no account holds gets an account, marked as added by an agent, its number unverified (it signs in with
 *   its own code, which verifies it), with this website's record of what the agent typed and the address given;
 * - a number whose account another website knows gets a consent code by SMS: nothing of that account is read or
 *   linked until the agent confirms with the code (`confirmCustomer`); meanwhile the website holds only what the
 *   agent typed, as a request waiting for the code.
 */
export async function addCustomer(
  ctx: RequestCtx,
  delivery: OtpDelivery,
  ip: string,
  input: AddCustomerBody,
): Promise<Result<AgentCustomer | ConsentRequested> | accounts.Refusal> {
  const agent = requireAgent(ctx)
  const here = await accounts.customerHereByPhone(ctx.db, ctx.site.id, input.mobile)
  if (here) {
    await q.link(ctx.db, ctx.site.id, agent.id, here.userId, false)
    return ok(await customerOfAgent(ctx, agent.id, here.userId))
  }
  const name = input.name?.trim()
  if (!name) return fail('invalid', NAME_NEEDED, { name: NAME_NEEDED })
  const holder = await q.holderOfPhone(ctx.db, input.mobile)
  if (holder && holds(holder)) {
    const sent = await accounts.sendConsentCode(ctx, delivery, input.mobile, ip, agent.name)
    if (!sent.ok) return sent
    await q.saveRequest(ctx.db, ctx.site.id, agent.id, { phone: input.mobile, name, address: input.address ?? null })
    return ok({ consent: 'code_sent' as const, mobile: input.mobile, name, minutes: CONSENT_MINUTES })
  }
  const userId = await ctx.db.transaction((tx) => makeAccount(tx, ctx.site.id, agent.id, name, input.mobile))
  if (input.address) await addAddress(ctx, userId, input.address)
  return ok(await customerOfAgent(ctx, agent.id, userId))
}

/**
 * The code the customer received, entered by the agent who asked for it (bound to their session): the person agrees,
 * and becomes this website's customer and the agent's with what the agent typed, never what they gave elsewhere.
 */
export async function confirmCustomer(ctx: RequestCtx, input: ConfirmCustomerBody): Promise<Result<AgentCustomer> | accounts.Refusal> {
  const agent = requireAgent(ctx)
  const request = await q.findRequest(ctx.db, ctx.site.id, agent.id, input.mobile)
  if (!request) {
    const message = 'No customer with this number is waiting for a code: add them again'
    return fail('invalid', message, { mobile: message })
  }
  const checked = await accounts.checkConsentCode(ctx, input.mobile, input.code)
  if (!checked.ok) return checked.fieldErrors?.otp ? { ...checked, fieldErrors: { code: checked.fieldErrors.otp } } : checked
  const userId = await ctx.db.transaction(async (tx) => {
    const holder = await q.holderOfPhone(tx, input.mobile)
    // the account gave up the number meanwhile: the customer is made as for a new number
    if (!holder || !holds(holder)) return makeAccount(tx, ctx.site.id, agent.id, request.name, input.mobile)
    await accounts.recordGivenHere(tx, ctx.site.id, holder.id, { name: request.name, phone: input.mobile })
    await q.link(tx, ctx.site.id, agent.id, holder.id, false)
    await q.deleteRequest(tx, ctx.site.id, agent.id, input.mobile)
    return holder.id
  })
  if (request.address) await addAddress(ctx, userId, request.address as AddressInput)
  return ok(await customerOfAgent(ctx, agent.id, userId))
}

const CONSENT_MINUTES = 5
/** A number an account has proved, or one an agent made an account for: its holder must agree to be added. */
const holds = (h: q.HolderRow) => h.phone_verified || h.added_by_agent

/** A number nobody holds: an account made by the agent (decision 0006: one who only typed it loses it). */
async function makeAccount(tx: Tx, websiteId: number, agentId: number, name: string, mobile: string): Promise<number> {
  await q.releaseUnverifiedPhone(tx, mobile)
  const id = await q.insertCustomerAccount(tx, name, mobile)
  await accounts.recordGivenHere(tx, websiteId, id, { name, phone: mobile })
  await q.link(tx, websiteId, agentId, id, true)
  await q.deleteRequest(tx, websiteId, agentId, mobile)
  return id
}

async function addAddress(ctx: RequestCtx, userId: number, address: AddressInput) {
  const customer = await customerUser(ctx, userId)
  await createAddress({ ...ctx, user: customer }, { ...address, landmark: address.landmark ?? '', type: address.type ?? 'home' } as never)
}

async function customerOfAgent(ctx: RequestCtx, agentId: number, userId: number): Promise<AgentCustomer> {
  const [row] = await q.customersOf(ctx.db, ctx.site.id, agentId, userId)
  return customerAnswer(row)
}

/**
 * The customer as a shopper, as this website knows them (its name, number and email for them, nothing when it has no
 * record): none of the agent's roles, and none of what the account gave other websites.
 */
async function customerUser(ctx: Pick<RequestCtx, 'db' | 'site'>, userId: number): Promise<User> {
  const here = await accounts.customerHere(ctx.db, ctx.site.id, userId)
  return {
    id: userId,
    name: here?.name ?? '',
    email: here?.email ?? null,
    phone: here?.phone ?? null,
    superadmin: false,
    hasAdminAccess: false,
    isSalesAgent: false,
    role: null,
    permissions: {},
  }
}

/**
 * Agent mode: the calls that fill a cart, choose an address and slot, apply a coupon and place the order run on
 * the customer's account when the agent names one of their own customers in the `x-acting-for` header. Any other
 * customer, or a caller who is not an agent here, is refused (403) before the call reads anything.
 */
export const ACTING_ROUTES = [
  '/s/api/cart',
  '/s/api/cart/add',
  '/s/api/cart/remove',
  '/s/api/apply/coupon',
  '/s/api/remove/coupon',
  '/s/api/coupons',
  '/s/api/checkout/',
  '/s/api/account/addresses',
]

export const actsOn = (routeUrl: string | undefined) =>
  routeUrl !== undefined && ACTING_ROUTES.some((r) => (r.endsWith('/') ? routeUrl.startsWith(r) : routeUrl === r || routeUrl.startsWith(`${r}/`)))

export async function actingAs(ctx: Pick<RequestCtx, 'db' | 'site' | 'user'>, header: string): Promise<{ user: User; agent: User }> {
  const agent = ctx.user
  if (!agent) throw new AppError('unauthorized', 'Please sign in to continue')
  if (!agent.isSalesAgent) throw new AppError('forbidden', 'Only sales agents of this website can order for a customer')
  const id = /^\d{1,9}$/.test(header) ? Number(header) : null
  if (id === null || !(await q.isCustomerOf(ctx.db, ctx.site.id, agent.id, id))) throw new AppError('forbidden', 'This person is not one of your customers')
  return { user: await customerUser(ctx, id), agent }
}

export async function dashboard(ctx: RequestCtx, period: AgentPeriod = 'day', now = new Date()): Promise<SalesDashboard> {
  const agent = requireAgent(ctx)
  const [f, s, top] = await Promise.all([
    q.figures(ctx.db, ctx.site.id, agent.id, now),
    q.series(ctx.db, ctx.site.id, agent.id, period, now),
    q.topCustomers(ctx.db, ctx.site.id, agent.id),
  ])
  return {
    agent: agent.name,
    period,
    date: indiaDate(now),
    today: { orders: f.today_orders, revenue: rupees(f.today_paise) },
    week: { orders: f.week_orders, revenue: rupees(f.week_paise) },
    month: { orders: f.month_orders, revenue: rupees(f.month_paise) },
    awaiting_payment: { orders: f.awaiting_orders, revenue: rupees(f.awaiting_paise) },
    delivered: { orders: f.delivered_orders, revenue: rupees(f.delivered_paise) },
    commission: { earned: rupees(f.earned_paise), pending: rupees(f.pending_paise) },
    series: s.map((r) => ({
      start: r.start,
      label: label(r.start, period),
      orders: r.orders,
      revenue: rupees(r.paise),
      commission: rupees(r.commission_paise),
    })),
    top_customers: top.map((t) => ({ id: t.id, name: t.name, phone: t.phone, orders: t.orders, total: rupees(t.paise) })),
    assigned_orders: f.assigned,
    open_orders: f.open,
  }
}

const indiaDate = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10)
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
function label(start: string, period: AgentPeriod) {
  const [y, m, d] = start.split('-').map(Number)
  return period === 'month' ? `${MONTHS[m - 1]} ${String(y).slice(2)}` : `${d} ${MONTHS[m - 1]}`
}

export async function orders(ctx: RequestCtx, query: AgentOrdersQuery): Promise<{ data: AgentOrder[] }> {
  const agent = requireAgent(ctx)
  const rows = await q.agentOrders(ctx.db, ctx.site.id, agent.id, { status: query.status, customerId: query.customer_id, from: query.from, to: query.to })
  return {
    data: rows.map((r) => ({
      id: r.id,
      order_number: r.order_number,
      customer_id: r.customer_id,
      customer_name: r.customer_name,
      status: r.status,
      payment_status: r.payment_status,
      payment_method: r.payment_method,
      total: r.total_paise / 100,
      commission: rupees(r.commission_paise),
      created_at: new Date(r.created_at).toISOString(),
    })),
  }
}

/**
 * Wraps the session feature's `Visitors` (server/app.ts): on the agent-mode routes, a request naming a customer in
 * `x-acting-for` runs as that customer with `agent` set; the header is ignored on every other route.
 */
export function actingVisitors(inner: Visitors): Visitors {
  return {
    async identify(req, base) {
      const who = await inner.identify(req, base)
      const header = req.headers[ACTING_FOR_HEADER]
      if (typeof header !== 'string' || header === '' || !actsOn(req.routeOptions.url)) return who
      const acting = await actingAs({ db: base.db, site: base.site, user: who.user }, header)
      return { ...who, user: acting.user, agent: acting.agent }
    },
    xsrfMatches: (req, ctx) => inner.xsrfMatches(req, ctx),
  }
}
