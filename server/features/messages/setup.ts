import type { FastifyInstance } from 'fastify'
import { processAccounts } from './accounts'
import { createMessenger, type Messenger } from './messenger'
import { fetchHttp, type MessagesHttp } from './providers/http'

/**
 * The app's messenger. With the simulator (inside this app), calls to this app's own address go through
 * `app.inject`: the same requests (URL, headers, JSON body) without a port, so tests that never listen send too.
 */
export function appMessenger(app: FastifyInstance): Messenger {
  const { config, db } = app.deps
  const self = `http://127.0.0.1:${config.PORT}`
  const http: MessagesHttp =
    config.MESSAGES_MODE !== 'simulator'
      ? fetchHttp
      : async (url, init) => {
          if (!url.startsWith(`${self}/`)) return fetchHttp(url, init)
          const res = await app.inject({ method: init.method, url: url.slice(self.length), headers: init.headers, payload: init.body })
          let body: unknown = null
          try {
            body = res.body ? JSON.parse(res.body) : null
          } catch {
            body = null
          }
          return { status: res.statusCode, body }
        }
  const accounts = processAccounts(config)
  return createMessenger({ db, config, log: app.log, http, accounts: async () => accounts })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** sending templated messages to phones (order updates, codes, khata reminders): `app.messages.send(…)` */
    messages: Messenger
  }
}
