import type { StaffFixtures } from './fixture-kit'
import { audit, catalogue, catalogueCsv, media, stock } from './staff-fixtures/catalogue'
import { delivery } from './staff-fixtures/delivery'
import { gstReturns } from './staff-fixtures/gst'
import { coupons, customers, messaging, orders, payments, reports, taxes } from './staff-fixtures/orders'
import { khata } from './staff-fixtures/khata'
import { pos } from './staff-fixtures/pos'
import { purchases } from './staff-fixtures/purchases'
import { pages, siteSettings, staff } from './staff-fixtures/site'

/**
 * A working request for every staff call, so the tests that walk the route table (server/test/staff-calls.test.ts)
 * can show each one succeeding for an admin. A staff call without an entry fails those tests: add one with the call,
 * to the table of its domain in server/test/staff-fixtures/ (what the requests need is made by fixture-kit.ts).
 */
export const STAFF_FIXTURES: StaffFixtures = {
  ...siteSettings,
  ...catalogue,
  ...media,
  ...catalogueCsv,
  ...audit,
  ...orders,
  ...stock,
  ...coupons,
  ...staff,
  ...customers,
  ...reports,
  ...delivery,
  ...payments,
  ...messaging,
  ...taxes,
  ...gstReturns,
  ...pos,
  ...khata,
  ...pages,
  ...purchases,
}
