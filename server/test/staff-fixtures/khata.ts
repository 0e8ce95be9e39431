import type { StaffFixtures } from '../fixture-kit'

export const khata: StaffFixtures = {
  'GET /s/api/admin/khata': async () => ({ url: '/s/api/admin/khata?q=kit&sort=-oldest' }),
  'GET /s/api/admin/customers/:id/khata': async (k) => ({ url: `/s/api/admin/customers/${await k.khataCustomer()}/khata`, foreign: true }),
  'PUT /s/api/admin/customers/:id/khata': async (k) => ({
    url: `/s/api/admin/customers/${(await k.customer()).user_id}/khata`,
    payload: { credit_limit: 2500 },
    foreign: true,
  }),
  'POST /s/api/admin/customers/:id/khata/payments': async (k) => ({
    url: `/s/api/admin/customers/${await k.khataCustomer()}/khata/payments`,
    payload: { amount: 40, method: 'upi', reference: 'UTR kit' },
    status: 201,
    foreign: true,
  }),
  'POST /s/api/admin/customers/:id/khata/reminders': async (k) => ({
    url: `/s/api/admin/customers/${await k.khataCustomer()}/khata/reminders`,
    payload: {},
    status: 201,
    foreign: true,
  }),
  'POST /s/api/admin/customers/:id/khata/adjustments': async (k) => ({
    url: `/s/api/admin/customers/${await k.khataCustomer()}/khata/adjustments`,
    payload: { change: -10, reason: 'Rounded off' },
    status: 201,
    foreign: true,
  }),
  'POST /s/api/admin/customers/:id/khata/statement-messages': async (k) => ({
    url: `/s/api/admin/customers/${await k.khataCustomer()}/khata/statement-messages`,
    payload: {},
    status: 201,
    foreign: true,
  }),
  'GET /s/api/admin/customers/:id/khata/statement.pdf': async (k) => ({
    url: `/s/api/admin/customers/${await k.khataCustomer()}/khata/statement.pdf`,
    foreign: true,
  }),
  'POST /s/api/admin/customers/:id/khata/share-links': async (k) => ({
    url: `/s/api/admin/customers/${await k.khataCustomer()}/khata/share-links`,
    payload: {},
    status: 201,
    foreign: true,
  }),
}
