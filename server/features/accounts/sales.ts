import { requireAgent } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'

/** The sales agent's dashboard on this website. Orders arrive with checkout (issue #5); until then there are none to count. */
export function salesDashboard(ctx: RequestCtx) {
  const agent = requireAgent(ctx)
  return { agent: agent.name, assigned_orders: 0, open_orders: 0 }
}
