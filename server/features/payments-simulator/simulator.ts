import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import { createFaults } from './faults'
import { createIds } from './ids'
import { createRequestLog } from './request-log'
import { createState } from './state'
import { createTimers } from './timers'
import { createWebhookEmitter } from './webhooks/emitter'

/** The accounts the simulator accepts: the same keys the app's adapters are configured with. */
export interface SimAccounts {
  razorpay: { keyId: string; keySecret: string; webhookSecret: string }
  cashfree: { clientId: string; clientSecret: string; apiVersion: string }
}

/** A merchant account the simulator knows: the process's keys, and any a test or demo registers (`POST /__sim/accounts`). */
export interface RzpAccount {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** where its webhooks go (a website with its own keys has its own address); default: the emitter's */
  webhookUrl?: string
}
export interface CfAccount {
  clientId: string
  clientSecret: string
  webhookUrl?: string
}

/** Cashfree API versions the simulator answers; any other x-api-version gets a 400, as from Cashfree. */
export const CASHFREE_VERSIONS = new Set(['2022-09-01', '2023-08-01', '2025-01-01', '2026-01-01'])

export function simAccounts(config: Config): SimAccounts {
  const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET } = config
  if (!RAZORPAY_KEY_ID || !RAZORPAY_KEY_SECRET || !RAZORPAY_WEBHOOK_SECRET || !CASHFREE_CLIENT_ID || !CASHFREE_CLIENT_SECRET) {
    throw new Error('payment simulator: the Razorpay and Cashfree keys are missing (config fills in demo keys in simulator mode)')
  }
  return {
    razorpay: { keyId: RAZORPAY_KEY_ID, keySecret: RAZORPAY_KEY_SECRET, webhookSecret: RAZORPAY_WEBHOOK_SECRET },
    cashfree: { clientId: CASHFREE_CLIENT_ID, clientSecret: CASHFREE_CLIENT_SECRET, apiVersion: config.CASHFREE_API_VERSION },
  }
}

/** The app's own address once it listens (webhooks go back to it by default). */
function selfOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null
  if (!address || typeof address === 'string') return null
  const host =
    address.family === 'IPv6'
      ? address.address === '::'
        ? '127.0.0.1'
        : `[${address.address}]`
      : address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address
  return `http://${host}:${address.port}`
}

export function createSimulator(app: FastifyInstance, config: Config) {
  const accounts = simAccounts(config)
  const timers = createTimers()
  const now = () => Date.now()
  const merchants = () => ({
    razorpay: new Map<string, RzpAccount>([[accounts.razorpay.keyId, accounts.razorpay]]),
    cashfree: new Map<string, CfAccount>([[accounts.cashfree.clientId, accounts.cashfree]]),
  })
  const sim = {
    accounts,
    /** every account, by key id / client id; orders belong to the account that made them */
    merchants: merchants(),
    ids: createIds(),
    state: createState(),
    log: createRequestLog(),
    faults: createFaults(),
    timers,
    now,
    webhooks: createWebhookEmitter({
      secrets: {
        razorpayWebhook: accounts.razorpay.webhookSecret,
        cashfreeClient: accounts.cashfree.clientSecret,
        cashfreeVersion: accounts.cashfree.apiVersion,
      },
      configuredUrls: { razorpay: config.PAYMENTS_SIM_RAZORPAY_WEBHOOK_URL, cashfree: config.PAYMENTS_SIM_CASHFREE_WEBHOOK_URL },
      selfOrigin: () => selfOrigin(app),
      timers,
      warn: (message) => app.log.warn(message),
      now,
    }),
    /** `POST /__sim/reset`: forget everything and stop whatever is pending */
    reset() {
      timers.clearAll()
      sim.faults.releaseAll()
      sim.faults.clear()
      sim.webhooks.reset()
      sim.log.clear()
      sim.state = createState()
      sim.merchants = merchants()
    },
    /** the account an order belongs to (orders made before accounts existed belong to the process's) */
    razorpayAccount(keyId: string | undefined): RzpAccount {
      return sim.merchants.razorpay.get(keyId ?? accounts.razorpay.keyId) ?? accounts.razorpay
    },
    cashfreeAccount(clientId: string | undefined): CfAccount {
      return sim.merchants.cashfree.get(clientId ?? accounts.cashfree.clientId) ?? accounts.cashfree
    },
    /** webhooks about an order: signed and addressed as its account says */
    emitRazorpay(order: { account?: string } | undefined, batch: { type: string; body: string }[]) {
      const a = sim.razorpayAccount(order?.account)
      return sim.webhooks.emit('razorpay', batch, { secret: a.webhookSecret, webhookUrl: a.webhookUrl })
    },
    emitCashfree(order: { account?: string } | undefined, batch: { type: string; body: string }[]) {
      const a = sim.cashfreeAccount(order?.account)
      return sim.webhooks.emit('cashfree', batch, { secret: a.clientSecret, webhookUrl: a.webhookUrl })
    },
  }
  return sim
}

export type Sim = ReturnType<typeof createSimulator>
