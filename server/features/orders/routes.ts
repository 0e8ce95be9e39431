import type { FastifyInstance } from 'fastify'
import {
  editAdminOrderLines,
  getAdminOrder,
  getCashHandover,
  getPickList,
  listAdminOrders,
  moveAdminOrder,
  refundAdminOrder,
} from '../../../common/contracts/admin-orders'
import { cancelOrder, getBuyAgain, getOrder, getOrderByNumber, listOrders, reorder } from '../../../common/contracts/orders'
import { listPaymentRefunds } from '../../../common/contracts/payment-refunds'
import { AppError } from '../../platform/errors'
import { guardHook, requirePermission, requireUser } from '../../platform/guards'
import { orThrow } from '../../platform/result'
import { route } from '../../platform/route'
import { staffRoutes } from '../../platform/staff'
import * as fulfilment from './admin'
import { buyAgain } from './buy-again'
import * as handover from './cash-handover'
import * as slotWork from './pick-list'
import * as orders from './service'

export async function orderRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('preValidation', guardHook(requireUser))
    const tags = ['orders']
    route(scope, listOrders, (req) => orders.list(req.ctx, req.query.page), { tags })
    route(scope, getBuyAgain, (req) => buyAgain(req.ctx), { tags })
    route(scope, getOrder, async (req) => orThrow(await orders.get(req.ctx, req.params.id)), { tags })
    route(scope, getOrderByNumber, async (req) => orThrow(await orders.getByNumber(req.ctx, req.params.number)), { tags })
    route(scope, cancelOrder, async (req) => orThrow(await orders.cancel(req.ctx, req.params.id)), { tags })
    route(
      scope,
      reorder,
      async (req) => {
        const result = await orders.reorder(req.ctx, req.params.id)
        if (!result) throw new AppError('not_found', 'No such order')
        return result
      },
      { tags },
    )
  })

  await staffRoutes(app, { tag: 'admin', permission: 'orders' }, (staff) => {
    staff.read(listPaymentRefunds, (req, ctx) => orders.listRefunds(ctx, req.query.page), { permission: 'refunds' })
    staff.read(listAdminOrders, (req, ctx) => fulfilment.listOrders(ctx, req.query))
    staff.read(getPickList, (req, ctx) => slotWork.pickList(ctx, req.query))
    staff.read(getCashHandover, (req, ctx) => handover.cashHandover(ctx, req.query))
    staff.read(getAdminOrder, async (req, ctx) => orThrow(await fulfilment.getOrder(ctx, req.params.id)))
    staff.write(moveAdminOrder, async (req, ctx) => {
      // a cancel is the refunds and cancels area's: a packer moves orders along but never cancels one
      if (req.body.status === 'cancelled') requirePermission(ctx, 'refunds')
      return orThrow(await fulfilment.moveOrder(ctx, req.params.id, req.body))
    })
    // changing what an order charges may refund part of it
    staff.write(editAdminOrderLines, async (req, ctx) => orThrow(await fulfilment.editLines(ctx, req.params.id, req.body)), {
      permission: { all: ['orders', 'refunds'] },
    })
    staff.write(refundAdminOrder, async (req, ctx) => orThrow(await fulfilment.refundOrder(ctx, req.params.id, req.body)), { permission: 'refunds' })
  })
}
