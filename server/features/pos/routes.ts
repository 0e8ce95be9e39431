import type { FastifyInstance } from 'fastify'
import { closeShift, createReturn, createSale, currentShift, getReceipt, getShift, listDiscrepancies, moveCash, openShift } from '../../../common/contracts/pos'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import { listDiscrepancies as discrepancies } from './discrepancies'
import { getReceipt as receipt } from './receipt'
import * as returns from './returns'
import * as sales from './sales'
import * as shifts from './shifts'

/** The shop counter's calls, under /s/api/pos (docs/decisions/0024-point-of-sale.md): staff with admin access on this website. */
export async function posRoutes(app: FastifyInstance) {
  await staffRoutes(app, { tag: 'pos' }, (pos) => {
    pos.read(currentShift, async (_req, ctx) => orThrow(await shifts.currentShift(ctx)))
    pos.read(getShift, async (req, ctx) => orThrow(await shifts.getShift(ctx, req.params.id)))
    pos.write(openShift, async (req, ctx) => orThrow(await shifts.openShift(ctx, req.body)))
    pos.write(moveCash, async (req, ctx) => orThrow(await shifts.moveCash(ctx, req.params.id, req.body)))
    pos.write(closeShift, async (req, ctx) => orThrow(await shifts.closeShift(ctx, req.params.id, req.body)))
    pos.write(createSale, async (req, ctx) => orThrow(await sales.createSale(ctx, req.body)))
    pos.write(createReturn, async (req, ctx) => orThrow(await returns.createReturn(ctx, req.body)))
    pos.read(getReceipt, async (req, ctx) => orThrow(await receipt(ctx, req.params.order_number)))
    pos.read(listDiscrepancies, (_req, ctx) => discrepancies(ctx))
  })
}
