import type { FastifyInstance } from 'fastify'
import { accountsFor, processAccounts } from './accounts'
import { createMessenger, type Messenger } from './messenger'
import { type MessagesHttp, outboundHttp } from './providers/http'

/**
 * How the app reaches the providers. With the simulator (inside this app), calls to this app's own address go through
 * `app.inject`: the same requests (URL, headers, JSON body) without a port, so tests that never listen send too.
 */
export function appMessagesHttp(app: FastifyInstance): MessagesHttp {
  const { config } = app.deps
  const self = `http://127.0.0.1:${config.PORT}`
  const outside = outboundHttp(app.deps.outbound)
  return config.MESSAGES_MODE !== 'simulator'
    ? outside
    : async (url, init) => {
        if (!url.startsWith(`${self}/`)) return outside(url, init)
        const res = await app.inject({ method: init.method, url: url.slice(self.length), headers: init.headers, payload: init.body })
        let body: unknown = null
        try {
          body = res.body ? JSON.parse(res.body) : null
        } catch {
          body = null
        }
        return { status: res.statusCode, body }
      }
}

/** The app's messenger: each website's accounts (its own keys, else the install's), read at each send. */
export function appMessenger(app: FastifyInstance): Messenger {
  const { config, db } = app.deps
  const http = appMessagesHttp(app)
  return createMessenger({ db, config, log: app.log, http, accounts: accountsFor(db, config, processAccounts(config)) })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** sending templated messages to phones (order updates, codes, khata reminders): `app.messages.send(…)` */
    messages: Messenger
  }
}
