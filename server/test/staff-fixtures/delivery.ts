import { freshPincode, type StaffFixtures } from '../fixture-kit'

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

export const delivery: StaffFixtures = {
  'GET /s/api/admin/delivery/pincodes': async () => ({ url: '/s/api/admin/delivery/pincodes?q=560&perPage=5&sort=-delivery_days' }),
  'POST /s/api/admin/delivery/warehouses/:id/pincodes/preview': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/pincodes/preview`,
    payload: { text: `560001, ${freshPincode()}\n012345` },
    foreign: true,
  }),
  'POST /s/api/admin/delivery/warehouses/:id/pincodes': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/pincodes`,
    payload: { pincodes: [freshPincode(), freshPincode()], delivery_days: 1 },
    foreign: true,
  }),
  'POST /s/api/admin/delivery/pincodes/days': async (k) => ({
    url: '/s/api/admin/delivery/pincodes/days',
    payload: { pincodes: [await k.pincode()], delivery_days: 2 },
    foreign: true,
  }),
  'POST /s/api/admin/delivery/pincodes/remove': async (k) => ({
    url: '/s/api/admin/delivery/pincodes/remove',
    payload: { pincodes: [await k.pincode()] },
    foreign: true,
  }),
  'GET /s/api/admin/delivery/charges': async () => ({ url: '/s/api/admin/delivery/charges' }),
  'PUT /s/api/admin/delivery/charges': async () => ({ url: '/s/api/admin/delivery/charges', payload: { charge: 30, free_above: 499 } }),
  'PUT /s/api/admin/delivery/warehouses/:id/charges': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/charges`,
    payload: { own: { charge: 45, free_above: 600 } },
    foreign: true,
  }),
  'GET /s/api/admin/delivery/warehouses/:id/template': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/template`,
    foreign: true,
  }),
  'PUT /s/api/admin/delivery/warehouses/:id/template': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/template`,
    payload: { version: 0, weekdays: [1, 2, 3, 4, 5], windows: [{ start: '08:00', end: '12:00' }], capacity: 10, cutoff_minutes: 90, days_ahead: 4 },
    foreign: true,
  }),
  'GET /s/api/admin/delivery/closures': async () => ({ url: '/s/api/admin/delivery/closures' }),
  'POST /s/api/admin/delivery/closures': async (k) => ({
    url: '/s/api/admin/delivery/closures',
    payload: { warehouse_id: (await k.warehouse()).id, from: soon(40), to: soon(41), reason: 'Stock count' },
    status: 201,
    foreign: true,
  }),
  'DELETE /s/api/admin/delivery/closures/:id': async (k) => ({ url: `/s/api/admin/delivery/closures/${await k.closure()}`, foreign: true }),
  'GET /s/api/admin/delivery/warehouses/:id/slots': async (k) => ({
    url: `/s/api/admin/delivery/warehouses/${(await k.warehouse()).id}/slots?days=3`,
    foreign: true,
  }),
}
