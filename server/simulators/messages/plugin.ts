import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { MSG91_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from '../../platform/messages-config'
import { messagesControl } from './control'
import { msg91Api } from './msg91'
import { postgresSimStore } from './shared-store'
import { createMessagesSim } from './simulator'
import { memorySimStore } from './store'
import { whatsappApi } from './whatsapp'

/**
 * The messages simulator inside the app (issue #32): WhatsApp's Graph API under /sim/whatsapp, MSG91's under
 * /sim/msg91, the phones' page at /sim/messages and the /__sim/messages test hook. app.ts mounts it only with
 * MESSAGES_MODE=simulator, which production refuses (server/platform/messages-config.ts). What phones received, the
 * failures asked for and the accounts are shared by the processes on one PostgreSQL database (shared-store.ts).
 */
export async function messagesSimulator(
  app: FastifyInstance,
  { config, database, stepMs = 25 }: { config: Config; database: Pick<Database, 'kind' | 'url'>; stepMs?: number },
) {
  // on PostgreSQL shared by every process on the database; on PGlite (one process) in memory
  const store = database.kind === 'postgres' && database.url ? await postgresSimStore(database.url) : memorySimStore()
  const sim = createMessagesSim(app, app.log, store, { stepMs })
  app.decorate('messagesSim', sim)
  await sim.addWhatsApp({
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID ?? '',
    accessToken: config.WHATSAPP_ACCESS_TOKEN ?? '',
    appSecret: config.WHATSAPP_APP_SECRET ?? '',
    webhookUrl: WHATSAPP_WEBHOOK_PATH,
  })
  await sim.addMsg91({
    authKey: config.MSG91_AUTH_KEY ?? '',
    senderId: config.MSG91_SENDER_ID ?? '',
    webhookUrl: `${MSG91_WEBHOOK_PATH}?token=${encodeURIComponent(config.MSG91_WEBHOOK_TOKEN ?? '')}`,
  })
  app.addHook('preClose', async () => sim.close())
  app.addHook('onClose', () => store.close())
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true }
    })
    await scope.register(whatsappApi, { prefix: '/sim/whatsapp', sim })
    await scope.register(msg91Api, { prefix: '/sim/msg91', sim })
    await scope.register(messagesControl, { sim })
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the messages simulator, when mounted (tests read and steer it) */
    messagesSim?: import('./simulator').MessagesSim
  }
}
