import type { FastifyInstance, FastifyReply } from 'fastify'
import * as c from '../../../common/contracts/pos'
import * as tillCalls from '../../../common/contracts/pos-registers'
import * as shiftCalls from '../../../common/contracts/pos-shifts'
import * as khataCalls from '../../../common/contracts/pos-khata'
import { AppError } from '../../platform/errors'
import { type Failure, orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import type { OtpDelivery } from '../accounts/otp-delivery/index'
import { BUYING_BUSY } from '../stock/service'
import { packCodes } from './codes'
import { listDiscrepancies as discrepancies } from './discrepancies'
import * as consent from './khata-consent'
import { previewSale } from './price-sale'
import { getReceipt as receipt } from './receipt'
import { registerStock } from './register-stock'
import * as tills from './registers'
import * as returns from './returns'
import * as sales from './sales'
import { sendReceipt } from './send-receipt'
import * as shifts from './shifts'
import * as upiQr from './upi-qr'

/**
 * The shop counter's calls, under /s/api/pos (docs/decisions/0024-point-of-sale.md, 0027): staff with admin access on
 * this website. `app.payments` (the process's providers) is decorated by app.ts.
 */
/** A refused consent code (too many, or wrong): 429 carries Retry-After, as sign-in's and the agents'. */
function refuse(reply: FastifyReply, refusal: Failure & { retryAfter?: number }): never {
  if (refusal.retryAfter) reply.header('retry-after', String(refusal.retryAfter))
  return orThrow<never>(refusal)
}

export async function posRoutes(app: FastifyInstance, { otpDelivery }: { otpDelivery: OtpDelivery }) {
  const sold = () => app.metrics.ordersPlaced.inc({ channel: 'counter' })
  await staffRoutes(app, { tag: 'pos', permission: 'counter' }, (pos) => {
    pos.read(tillCalls.listRegisters, (_req, ctx) => shifts.listRegisters(ctx))
    // a register sells from a warehouse's stock: adding or renaming one is a manager's (counter and stock), not a cashier's
    const manages = { permission: { all: ['counter', 'stock'] } } as const
    pos.write(tillCalls.createRegister, async (req, ctx) => orThrow(await tills.createRegister(ctx, req.body)), manages)
    pos.write(tillCalls.renameRegister, async (req, ctx) => orThrow(await tills.renameRegister(ctx, req.params.id, req.body)), manages)
    pos.read(c.listPackCodes, (_req, ctx) => packCodes(ctx))
    pos.read(tillCalls.registerStock, async (req, ctx) => orThrow(await registerStock(ctx, req.query.register_id)))
    pos.read(shiftCalls.currentShift, async (req, ctx) => orThrow(await shifts.currentShift(ctx, req.query.register_id)))
    pos.read(shiftCalls.getShift, async (req, ctx) => orThrow(await shifts.getShift(ctx, req.params.id)))
    pos.write(shiftCalls.openShift, async (req, ctx) => orThrow(await shifts.openShift(ctx, req.body)))
    pos.write(shiftCalls.moveCash, async (req, ctx) => orThrow(await shifts.moveCash(ctx, req.params.id, req.body)))
    pos.write(shiftCalls.closeShift, async (req, ctx) => orThrow(await shifts.closeShift(ctx, req.params.id, req.body)))
    pos.read(c.previewSale, async (req, ctx) => orThrow(await previewSale(ctx, req.body)))
    pos.write(c.createSale, async (req, ctx) => orThrow(await sales.createSale(ctx, req.body, sold)), { busy: BUYING_BUSY })
    pos.read(c.previewReturn, async (req, ctx) => orThrow(await returns.previewReturn(ctx, req.body)))
    pos.write(c.createReturn, async (req, ctx) => orThrow(await returns.createReturn(ctx, req.body)))
    pos.read(c.getReceipt, async (req, ctx) => orThrow(await receipt(ctx, req.params.order_number)))
    pos.write(c.startUpiQr, async (req, ctx) => orThrow(await upiQr.startUpiQr(ctx, app.payments, req.body)))
    pos.read(c.getUpiQr, async (req, ctx) => orThrow(await upiQr.getUpiQr(ctx, app.payments, req.params.id)))
    pos.write(c.sendReceipt, async (req, ctx) => orThrow(await sendReceipt(ctx, req.params.order_number, req.body)))
    pos.read(c.listDiscrepancies, (_req, ctx) => discrepancies(ctx))
    // a new customer's khata: their consent code first (docs/decisions/0047, as the agents' 0034)
    pos.read(khataCalls.findKhataCustomer, (req, ctx) => consent.findKhataCustomer(ctx, req.query.mobile))
    // sends a code and records nothing of the person: a read (no transaction held while the message goes out)
    pos.read(khataCalls.askKhataConsent, async (req, ctx, reply) => {
      const asked = await consent.askConsent(ctx, otpDelivery, req.ip, req.body)
      if (!asked.ok) refuse(reply, asked)
      return 'consent' in asked.value ? reply.code(202).send(asked.value) : asked.value
    })
    pos.write(khataCalls.confirmKhataConsent, async (req, ctx, reply) => {
      const confirmed = await consent.confirmConsent(ctx, req.body)
      if (confirmed.ok) return confirmed.value
      // answered, not thrown: the call commits, so the wrong try is counted (and audited)
      if ('retryAfter' in confirmed && confirmed.retryAfter) reply.header('retry-after', String(confirmed.retryAfter))
      const err = new AppError(confirmed.kind, confirmed.message, confirmed.fieldErrors)
      reply.code(err.status)
      // returned, not sent: the route group answers once the transaction has committed
      return { message: err.message, code: err.kind, errors: err.fieldErrors } as never
    })
  })
}
