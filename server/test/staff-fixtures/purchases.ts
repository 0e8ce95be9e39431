import type { StaffFixtures } from '../fixture-kit'

export const purchases: StaffFixtures = {
  'GET /s/api/admin/suppliers': async () => ({ url: '/s/api/admin/suppliers?q=kit' }),
  'POST /s/api/admin/suppliers': async (k) => ({
    url: '/s/api/admin/suppliers',
    payload: { name: `Kit supplier ${k.unique()}`, gstin: '29AAKCK4821M1Z0', phone: '9845012345' },
    status: 201,
  }),
  'PATCH /s/api/admin/suppliers/:id': async (k) => ({
    url: `/s/api/admin/suppliers/${(await k.supplier()).id}`,
    payload: { phone: '9845000000' },
    foreign: true,
  }),
  'GET /s/api/admin/purchases': async () => ({ url: '/s/api/admin/purchases?perPage=5' }),
  'GET /s/api/admin/purchases/:id': async (k) => ({ url: `/s/api/admin/purchases/${(await k.purchase()).id}`, foreign: true }),
  'POST /s/api/admin/purchases': async (k) => {
    const bill = await k.purchase()
    return {
      url: '/s/api/admin/purchases',
      payload: {
        supplier_id: (await k.supplier()).id,
        warehouse_id: bill.warehouseId,
        bill_number: `KIT-${k.unique()}`,
        lines: [{ pack_id: bill.packId, quantity: 12, cost_price: 40, gst_rate: 5, batch: 'KB1', expiry: '2030-01-31', mrp: 60 }],
      },
      status: 201,
    }
  },
  'GET /s/api/admin/suppliers/:id/khata': async (k) => ({ url: `/s/api/admin/suppliers/${(await k.purchase()).supplierId}/khata`, foreign: true }),
  'POST /s/api/admin/suppliers/:id/payments': async (k) => ({
    url: `/s/api/admin/suppliers/${(await k.purchase()).supplierId}/payments`,
    payload: { amount: 10, method: 'upi', reference: 'UTR123' },
    status: 201,
    foreign: true,
  }),
  'GET /s/api/admin/purchase-orders': async () => ({ url: '/s/api/admin/purchase-orders?status=draft' }),
  'POST /s/api/admin/purchase-orders': async (k) => {
    const p = await k.purchase()
    return {
      url: '/s/api/admin/purchase-orders',
      payload: { supplier_id: p.supplierId, warehouse_id: p.warehouseId, lines: [{ pack_id: p.packId, quantity: 24, cost_price: 30, gst_rate: 5 }] },
      status: 201,
    }
  },
  'GET /s/api/admin/purchase-orders/:id': async (k) => ({ url: `/s/api/admin/purchase-orders/${(await k.purchaseOrder()).id}`, foreign: true }),
  'PATCH /s/api/admin/purchase-orders/:id': async (k) => ({
    url: `/s/api/admin/purchase-orders/${(await k.purchaseOrder()).id}`,
    payload: { note: 'Deliver before Diwali' },
    foreign: true,
  }),
  'POST /s/api/admin/purchase-orders/:id/send': async (k) => ({
    url: `/s/api/admin/purchase-orders/${(await k.purchaseOrder()).id}/send`,
    payload: {},
    foreign: true,
  }),
  'POST /s/api/admin/purchase-orders/:id/cancel': async (k) => ({
    url: `/s/api/admin/purchase-orders/${(await k.purchaseOrder()).id}/cancel`,
    payload: {},
    foreign: true,
  }),
  'GET /s/api/admin/debit-notes': async () => ({ url: '/s/api/admin/debit-notes?perPage=5' }),
  'GET /s/api/admin/debit-notes/:id': async (k) => ({ url: `/s/api/admin/debit-notes/${(await k.debitNote()).id}`, foreign: true }),
  'POST /s/api/admin/debit-notes': async (k) => {
    const p = await k.purchase()
    return {
      url: '/s/api/admin/debit-notes',
      payload: { supplier_id: p.supplierId, reason: 'Damaged in transit', lines: [{ batch_id: p.batchId, quantity: 2 }] },
      status: 201,
    }
  },
  'POST /s/api/admin/purchases/csv-preview': async (k) => ({
    url: '/s/api/admin/purchases/csv-preview',
    payload: { warehouse_id: (await k.purchase()).warehouseId, csv: 'SKU,Qty,Cost,Batch,Expiry\nNO-SUCH,2,10,B1,03/2030\n' },
  }),
  'GET /s/api/admin/purchases/:id/labels': async (k) => ({ url: `/s/api/admin/purchases/${(await k.purchase()).id}/labels`, foreign: true }),
  'GET /s/api/admin/stock/batches': async (k) => {
    const p = await k.purchase()
    return { url: `/s/api/admin/stock/batches?pack_id=${p.packId}&warehouse_id=${p.warehouseId}`, foreign: true }
  },
  'GET /s/api/admin/reports/margin': async () => ({ url: '/s/api/admin/reports/margin?by=category' }),
  'GET /s/api/admin/reports/stock-value': async () => ({ url: '/s/api/admin/reports/stock-value' }),
  'GET /s/api/admin/reports/purchase-register': async () => ({ url: '/s/api/admin/reports/purchase-register' }),
  'GET /s/api/admin/stock/near-expiry': async () => ({ url: '/s/api/admin/stock/near-expiry?days=15' }),
  'POST /s/api/admin/stock/batches/:id/write-off': async (k) => ({
    url: `/s/api/admin/stock/batches/${(await k.purchase()).batchId}/write-off`,
    payload: { note: 'Past its date' },
    foreign: true,
  }),
  'POST /s/api/admin/stock/packs/:id/mark-down': async (k) => ({
    url: `/s/api/admin/stock/packs/${(await k.product()).packs[0].pack_id}/mark-down`,
    payload: { price: 45 },
    foreign: true,
  }),
}
