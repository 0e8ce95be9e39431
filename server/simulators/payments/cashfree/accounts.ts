import type { FastifyRequest } from 'fastify'
import type { Sim } from '../simulator'
import type { CfOrderRec } from '../state'

/** The account of the call being answered (set by the auth hook); an order is visible only to the account that made it. */
export const callers = new WeakMap<FastifyRequest, string>()
export const ownsOrder = (sim: Sim, req: FastifyRequest, order: CfOrderRec | undefined): order is CfOrderRec =>
  order !== undefined && (order.account ?? sim.accounts.cashfree.clientId) === (callers.get(req) ?? sim.accounts.cashfree.clientId)
