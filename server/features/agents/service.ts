import {
  ACTING_FOR_HEADER,
  type AddCustomerBody,
  type AgentCustomer,
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
import { createAddress } from '../accounts/addresses'
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

/** A lookup by number tells the name and whether the person is already the agent's: nothing else of them. */
export async function lookup(ctx: RequestCtx, mobile: string) {
  const agent = requireAgent(ctx)
  const person = await q.personByPhone(ctx.db, mobile)
  if (!person?.phone) return { customer: null }
  return { customer: { id: person.id, name: person.name, phone: person.phone, mine: await q.isCustomerOf(ctx.db, ctx.site.id, agent.id, person.id) } }
}

export async function listCustomers(ctx: RequestCtx) {
  const agent = requireAgent(ctx)
  return { data: (await q.customersOf(ctx.db, ctx.site.id, agent.id)).map(customerAnswer) }
}

/**
 * Links the account that has this number, or makes one: marked as added by an agent, its number unverified (it
 * signs in with its own code, which verifies it). An address given is the customer's first.
 */
export async function addCustomer(ctx: RequestCtx, input: AddCustomerBody): Promise<Result<AgentCustomer>> {
  const agent = requireAgent(ctx)
  const userId = await ctx.db.transaction(async (tx) => {
    const holder = await q.personByPhone(tx, input.mobile)
    if (holder && (holder.phone_verified || holder.added_by_agent)) {
      await q.link(tx, ctx.site.id, agent.id, holder.id, false)
      return { id: holder.id, made: false }
    }
    const name = input.name?.trim()
    if (!name) return null
    if (holder) await q.releaseUnverifiedPhone(tx, input.mobile)
    const id = await q.insertCustomerAccount(tx, name, input.mobile)
    await q.link(tx, ctx.site.id, agent.id, id, true)
    return { id, made: true }
  })
  if (!userId)
    return fail('invalid', 'No account has this number yet: enter the customer’s name', { name: 'No account has this number yet: enter the customer’s name' })
  if (input.address && userId.made) {
    const customer = await customerUser(ctx, userId.id)
    await createAddress({ ...ctx, user: customer }, { ...input.address, landmark: input.address.landmark ?? '', type: input.address.type ?? 'home' } as never)
  }
  const [row] = await q.customersOf(ctx.db, ctx.site.id, agent.id, userId.id)
  return ok(customerAnswer(row))
}

async function customerUser(ctx: RequestCtx, userId: number): Promise<User> {
  const person = await ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) })
  if (!person) throw new AppError('not_found', 'This customer was not found')
  // the customer as a shopper: none of the agent's roles come along
  return { id: person.id, name: person.name, email: person.email, phone: person.phone, superadmin: false, hasAdminAccess: false, isSalesAgent: false }
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
  return { user: await customerUser(ctx as RequestCtx, id), agent }
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
