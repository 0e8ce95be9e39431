/** What other features use of payments (docs/decisions/0013: a feature's public surface is its service.ts). */
export { AWAITING_KEYS_MESSAGE, codLimitMessage, type Offered, providersFor } from './methods'

import type { RequestCtx } from '../../platform/request-context'
import { type Offered, offeredBy } from './methods'
import { findSettings } from './queries'

/** The payment methods this website offers at checkout, and its cash-on-delivery limit. */
export async function offeredMethods(ctx: RequestCtx): Promise<Offered> {
  return offeredBy(await findSettings(ctx.db, ctx.site.id), ctx.site.settings.paymentMethods, ctx.config, ctx.site.platformPayments)
}
