import * as z from 'zod/mini'
import { defineContract } from './http'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'x-xsrf-token'
export const SITE_HEADER = 'x-web-url'

export const getCookie = defineContract({
  method: 'GET',
  path: '/api/cookie',
  summary: 'Sets the XSRF-TOKEN cookie (bound to the session); the token is never in the body',
  response: z.object({ ok: z.literal(true) }),
})

/** Agent mode (docs/decisions/0034): the header that puts a sales agent's cart, address, coupon and checkout calls on their customer's account. */
export const ACTING_FOR_HEADER = 'x-acting-for'
