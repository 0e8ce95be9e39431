import * as z from 'zod/mini'
import { defineContract } from './http'
import { text } from './text'

export const checkPincode = defineContract({
  method: 'GET',
  path: '/api/check/pincode/:pincode',
  summary: 'Checks that the website delivers to a pincode and remembers it for the session',
  params: z.object({ pincode: text('Pincode', [z.regex(/^[1-9][0-9]{5}$/, 'Please enter a valid pincode')]) }),
  response: z.object({ pincode: z.string(), serviceable: z.literal(true), message: z.string() }),
})
