import { freshPhone, type StaffFixtures } from '../fixture-kit'

export const pos: StaffFixtures = {
  'GET /s/api/pos/shifts/current': async () => ({ url: '/s/api/pos/shifts/current' }),
  'GET /s/api/pos/shifts/:id': async (k) => ({ url: `/s/api/pos/shifts/${await k.posShift()}`, foreign: true }),
  'POST /s/api/pos/shifts': async (k) => {
    await k.closePosShift()
    return { url: '/s/api/pos/shifts', payload: { opening_cash: 100 }, status: 201 }
  },
  'POST /s/api/pos/shifts/:id/cash': async (k) => ({
    url: `/s/api/pos/shifts/${await k.posShift()}/cash`,
    payload: { kind: 'in', amount: 50, reason: 'Float' },
    foreign: true,
  }),
  'POST /s/api/pos/shifts/:id/close': async (k) => ({
    url: `/s/api/pos/shifts/${await k.posShift()}/close`,
    payload: { counted: { '100': 1 } },
    foreign: true,
  }),
  'POST /s/api/pos/sales': async (k) => ({ url: '/s/api/pos/sales', payload: await k.posSaleBody(), status: 201 }),
  'POST /s/api/pos/sales/preview': async (k) => {
    const { lines } = (await k.posSaleBody()) as { lines: unknown[] }
    return { url: '/s/api/pos/sales/preview', payload: { lines } }
  },
  'POST /s/api/pos/returns': async (k) => ({
    url: '/s/api/pos/returns',
    payload: { order_number: (await k.posSale()).order_number, refund_method: 'cash' },
    status: 201,
    foreign: true,
  }),
  'POST /s/api/pos/returns/preview': async (k) => ({
    url: '/s/api/pos/returns/preview',
    payload: { order_number: (await k.posSale()).order_number, refund_method: 'cash' },
    foreign: true,
  }),
  'GET /s/api/pos/khata/customer': async () => ({ url: '/s/api/pos/khata/customer?mobile=9811100002' }),
  'POST /s/api/pos/khata/consent': async () => ({ url: '/s/api/pos/khata/consent', payload: { mobile: freshPhone() }, status: 202, fresh: true }),
  // a wrong code: answered 422 and audited (the try counts), so the call still commits its audit row
  'POST /s/api/pos/khata/consent/confirm': async () => ({
    url: '/s/api/pos/khata/consent/confirm',
    payload: { mobile: freshPhone(), code: '000000' },
    status: 422,
  }),
  'GET /s/api/pos/discrepancies': async () => ({ url: '/s/api/pos/discrepancies' }),
  'GET /s/api/pos/registers': async () => ({ url: '/s/api/pos/registers' }),
  'GET /s/api/pos/codes': async () => ({ url: '/s/api/pos/codes' }),
  'GET /s/api/pos/stock': async () => ({ url: '/s/api/pos/stock' }),
  'POST /s/api/pos/registers': async (k) => ({
    url: '/s/api/pos/registers',
    payload: { name: `Till ${k.unique()}`, warehouse_id: (await k.warehouse()).id },
    status: 201,
  }),
  'PATCH /s/api/pos/registers/:id': async (k) => ({
    url: `/s/api/pos/registers/${await k.posRegister()}`,
    payload: { name: `Till ${k.unique()}` },
    foreign: true,
  }),
  'POST /s/api/pos/upi-qr': async (k) => {
    await k.posShift()
    return { url: '/s/api/pos/upi-qr', payload: { amount: 25.5 }, status: 201 }
  },
  'GET /s/api/pos/upi-qr/:id': async (k) => ({ url: `/s/api/pos/upi-qr/${await k.posUpiQr()}`, foreign: true }),
  'POST /s/api/pos/sales/:order_number/send': async (k) => ({
    url: `/s/api/pos/sales/${(await k.posSale()).order_number}/send`,
    payload: { phone: '9811100001' },
    status: 201,
    foreign: true,
  }),
  'GET /s/api/pos/sales/:order_number': async (k) => ({ url: `/s/api/pos/sales/${(await k.posSale()).order_number}`, foreign: true }),
}
