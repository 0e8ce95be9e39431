// What every call carries besides its schemas, in a module without zod: the shopper's first load reads these
// (client/lib/api.ts) while the contracts themselves load with the first call that needs them (issue 31).

/** Base path of every call (spec §7). */
export const API_BASE = '/s'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'x-xsrf-token'
export const SITE_HEADER = 'x-web-url'

/** Agent mode (docs/decisions/0034): the header that puts a sales agent's cart, address, coupon and checkout calls on their customer's account. */
export const ACTING_FOR_HEADER = 'x-acting-for'
