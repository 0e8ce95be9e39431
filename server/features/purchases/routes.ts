import type { FastifyInstance } from 'fastify'
import { createPurchase, createSupplier, getPurchase, listPurchases, listSuppliers, updateSupplier } from '../../../common/contracts/admin-purchases'
import {
  cancelPurchaseOrder,
  createDebitNote,
  createPurchaseOrder,
  getDebitNote,
  getPurchaseOrder,
  getSupplierKhata,
  listDebitNotes,
  listPurchaseOrders,
  paySupplier,
  previewBillCsv,
  purchaseLabels,
  sendPurchaseOrder,
  updatePurchaseOrder,
} from '../../../common/contracts/admin-supplier-books'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import { previewBillCsv as readBillCsv } from './bill-csv'
import * as debit from './debit-notes'
import * as labels from './labels'
import * as orders from './purchase-orders'
import * as receive from './receive'
import * as khata from './supplier-khata'
import * as suppliers from './suppliers'

/** Staff calls of suppliers, purchase orders, bills, debit notes and the supplier's khata (CONTRACT: POST /api/admin/suppliers, POST /api/admin/purchases). */
export function purchaseAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'stock' }, (staff) => {
    staff.read(listSuppliers, (req, ctx) => suppliers.listSuppliers(ctx, req.query))
    staff.write(createSupplier, async (req, ctx) => orThrow(await suppliers.createSupplier(ctx, req.body)))
    staff.write(updateSupplier, async (req, ctx) => orThrow(await suppliers.updateSupplier(ctx, req.params.id, req.body)))
    staff.read(getSupplierKhata, async (req, ctx) => orThrow(await khata.khataOf(ctx, req.params.id)))
    staff.write(paySupplier, async (req, ctx) => orThrow(await khata.paySupplier(ctx, req.params.id, req.body)))
    staff.read(listPurchases, (req, ctx) => receive.listPurchases(ctx, req.query))
    staff.read(getPurchase, async (req, ctx) => orThrow(await receive.getPurchase(ctx, req.params.id)))
    staff.read(purchaseLabels, async (req, ctx) => orThrow(await labels.purchaseLabels(ctx, req.params.id)))
    staff.read(previewBillCsv, async (req, ctx) => orThrow(await readBillCsv(ctx, req.body)))
    staff.write(createPurchase, async (req, ctx) => orThrow(await receive.receivePurchase(ctx, req.body)))
    staff.read(listPurchaseOrders, (req, ctx) => orders.listOrders(ctx, req.query))
    staff.read(getPurchaseOrder, async (req, ctx) => orThrow(await orders.getOrder(ctx, req.params.id)))
    staff.write(createPurchaseOrder, async (req, ctx) => orThrow(await orders.createOrder(ctx, req.body)))
    staff.write(updatePurchaseOrder, async (req, ctx) => orThrow(await orders.updateOrder(ctx, req.params.id, req.body)))
    staff.write(sendPurchaseOrder, async (req, ctx) => orThrow(await orders.moveOrder(ctx, req.params.id, 'sent')))
    staff.write(cancelPurchaseOrder, async (req, ctx) => orThrow(await orders.moveOrder(ctx, req.params.id, 'cancelled')))
    staff.read(listDebitNotes, (req, ctx) => debit.listDebitNotes(ctx, req.query))
    staff.read(getDebitNote, async (req, ctx) => orThrow(await debit.getDebitNote(ctx, req.params.id)))
    staff.write(createDebitNote, async (req, ctx) => orThrow(await debit.createDebitNote(ctx, req.body)))
  })
}
