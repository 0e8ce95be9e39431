import type { StaffFixtures } from '../fixture-kit'

/** GST returns and the Tally export (issue 34): reads of a month or a range of days. */
export const gstReturns: StaffFixtures = {
  'GET /s/api/admin/gst/gstr1.json': async () => ({ url: '/s/api/admin/gst/gstr1.json?period=2026-04' }),
  'GET /s/api/admin/gst/gstr1.csv': async () => ({ url: '/s/api/admin/gst/gstr1.csv?period=2026-04&section=b2b' }),
  'GET /s/api/admin/gst/orders-without-invoice': async () => ({ url: '/s/api/admin/gst/orders-without-invoice' }),
  'GET /s/api/admin/gst/gstr3b': async () => ({ url: '/s/api/admin/gst/gstr3b?period=2026-04' }),
  'GET /s/api/admin/exports/tally.xml': async () => ({ url: '/s/api/admin/exports/tally.xml?from=2026-04-01&to=2026-04-30' }),
  'GET /s/api/admin/exports/tally-ledgers': async () => ({ url: '/s/api/admin/exports/tally-ledgers' }),
  'PUT /s/api/admin/exports/tally-ledgers': async () => ({
    url: '/s/api/admin/exports/tally-ledgers',
    payload: {
      sales: 'Sales GST',
      cgst: 'CGST Payable',
      sgst: 'SGST Payable',
      igst: 'IGST Payable',
      cess: 'Cess Payable',
      roundOff: 'Round Off',
      onlineCustomers: 'Online Customers',
      counterCustomers: 'Counter Customers',
      cash: 'Cash',
      bank: 'HDFC Bank',
    },
  }),
}
