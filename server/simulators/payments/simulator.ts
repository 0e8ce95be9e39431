import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import { createFaults } from './faults'
import { createIds } from './ids'
import { createRequestLog } from './request-log'
import type { CfAccount, RzpAccount } from './state'
import type { SimBackend } from './backend'
import { type SimStore, StaleRecord, simStore } from './store'
import { createWebhookEmitter } from './webhooks/emitter'

export type { CfAccount, RzpAccount } from './state'

/** The accounts the simulator accepts: the same keys the app's adapters are configured with. */
export interface SimAccounts {
  razorpay: { keyId: string; keySecret: string; webhookSecret: string }
  cashfree: { clientId: string; clientSecret: string; apiVersion: string }
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

type Batch = { type: string; body: string }[]
const ATTEMPTS = 5

/** What one piece of simulator work sees: the records, read and written in one transaction, and what it may add to them. */
export type SimWork = SimStore & {
  /** a task due in `ms` (tasks.ts), made only if the work commits */
  later(ms: number, kind: string, payload: Record<string, unknown>): Promise<void>
  /** webhooks about an order (or link, QR code): signed and addressed as its account says, sent once the work commits */
  emitRazorpay(owner: { account?: string } | undefined, batch: Batch): Promise<void>
  emitCashfree(owner: { account?: string } | undefined, batch: Batch): Promise<void>
}

export function createSimulator(app: FastifyInstance, config: Config, backend: SimBackend) {
  const accounts = simAccounts(config)
  const store = simStore(backend.rows)
  const { tasks } = backend
  const now = () => Date.now()

  /**
   * The account an order belongs to (orders made before accounts existed belong to the process's). Inside `act`,
   * read through the work's records, in its transaction.
   */
  async function razorpayAccount(keyId: string | undefined, from: SimStore = store): Promise<RzpAccount> {
    if (!keyId || keyId === accounts.razorpay.keyId) return accounts.razorpay
    return (await from.accounts.razorpay.get(keyId)) ?? accounts.razorpay
  }
  async function cashfreeAccount(clientId: string | undefined, from: SimStore = store): Promise<CfAccount> {
    if (!clientId || clientId === accounts.cashfree.clientId) return accounts.cashfree
    return (await from.accounts.cashfree.get(clientId)) ?? accounts.cashfree
  }

  const webhooks = createWebhookEmitter({
    secrets: {
      razorpayWebhook: accounts.razorpay.webhookSecret,
      cashfreeClient: accounts.cashfree.clientSecret,
      cashfreeVersion: accounts.cashfree.apiVersion,
    },
    configuredUrls: { razorpay: config.PAYMENTS_SIM_RAZORPAY_WEBHOOK_URL, cashfree: config.PAYMENTS_SIM_CASHFREE_WEBHOOK_URL },
    selfOrigin: () => selfOrigin(app),
    store,
    tasks,
    warn: (message) => app.log.warn(message),
    now,
  })
  tasks.handle('webhook', (payload) => webhooks.deliverTask(payload))

  return {
    accounts,
    ids: createIds(),
    /** the records, for reads (writes go through `act`) */
    store,
    log: createRequestLog(),
    faults: createFaults(),
    tasks,
    now,
    webhooks,
    razorpayAccount,
    cashfreeAccount,

    /**
     * Runs work that changes records in one transaction. Records are written back only if nobody wrote them since
     * they were read (optimistic versions, store.ts): when someone did, the work runs again on what they wrote,
     * so two processes paying one order make one payment succeed and find the order paid in the other.
     */
    async act<T>(work: (s: SimWork) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await backend.transaction(async (rows, later) => {
            const s: SimWork = {
              ...simStore(rows),
              later,
              async emitRazorpay(owner, batch) {
                const a = await razorpayAccount(owner?.account, s)
                await webhooks.emit(s, 'razorpay', batch, { secret: a.webhookSecret, webhookUrl: a.webhookUrl })
              },
              async emitCashfree(owner, batch) {
                const a = await cashfreeAccount(owner?.account, s)
                await webhooks.emit(s, 'cashfree', batch, { secret: a.clientSecret, webhookUrl: a.webhookUrl })
              },
            }
            return work(s)
          })
        } catch (err) {
          if (!(err instanceof StaleRecord) || attempt >= ATTEMPTS) throw err
        }
      }
    },

    /** `POST /__sim/reset`: forget everything, in every process, and stop whatever is pending here */
    async reset() {
      tasks.clearWakers()
      this.faults.releaseAll()
      this.faults.clear()
      webhooks.reset()
      this.log.clear()
      await backend.forget()
    },
  }
}

export type Sim = ReturnType<typeof createSimulator>
