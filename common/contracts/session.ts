import * as z from 'zod/mini'
import { defineContract } from './http'

export { ACTING_FOR_HEADER, SITE_HEADER, XSRF_COOKIE, XSRF_HEADER } from './wire'

export const getCookie = defineContract({
  method: 'GET',
  path: '/api/cookie',
  summary: 'Sets the XSRF-TOKEN cookie (bound to the session); the token is never in the body',
  response: z.object({ ok: z.literal(true) }),
})
