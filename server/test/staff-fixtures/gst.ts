import type { StaffFixtures } from '../fixture-kit'

/** GST returns and the Tally export (issue 34): reads of a month or a range of days. */
export const gstReturns: StaffFixtures = {
  'GET /s/api/admin/gst/gstr1.json': async () => ({ url: '/s/api/admin/gst/gstr1.json?period=2026-04' }),
  'GET /s/api/admin/gst/gstr1.csv': async () => ({ url: '/s/api/admin/gst/gstr1.csv?period=2026-04&section=b2b' }),
}
