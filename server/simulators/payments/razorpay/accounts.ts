import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { RzpAccount, Sim } from '../simulator'

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** HTTP Basic key_id:key_secret (B.1), the only way the Razorpay API lets anyone in: the account it names, or null. */
export async function authorised(sim: Sim, req: FastifyRequest): Promise<RzpAccount | null> {
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  if (!m) return null
  const [keyId, ...rest] = Buffer.from(m[1], 'base64').toString('utf8').split(':')
  const account = keyId === sim.accounts.razorpay.keyId ? sim.accounts.razorpay : await sim.store.accounts.razorpay.get(keyId)
  return account && same(rest.join(':'), account.keySecret) ? account : null
}

/** The account of the call being answered (set by the auth hook). */
export const callers = new WeakMap<FastifyRequest, RzpAccount>()
export const callerOf = (sim: Sim, req: FastifyRequest) => callers.get(req) ?? sim.accounts.razorpay
/** An order (QR code, payment link) is visible only to the account that made it, as at Razorpay. */
export const ownsOrder = (sim: Sim, req: FastifyRequest, order: { account?: string } | undefined) =>
  order !== undefined && (order.account ?? sim.accounts.razorpay.keyId) === callerOf(sim, req).keyId
