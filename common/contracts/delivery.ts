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

export const deliveryEstimate = defineContract({
  method: 'GET',
  path: '/api/delivery/estimate',
  summary:
    "When an order placed now would arrive at the shopper's chosen pincode: the earliest open window ('Delivery by today 7–9 PM'). " +
    'text is null while no pincode is chosen or nobody delivers there (then message says so).',
  response: z.object({
    pincode: z.nullable(z.string()),
    date: z.nullable(z.string()),
    start: z.nullable(z.string()),
    end: z.nullable(z.string()),
    text: z.nullable(z.string()),
    message: z.nullable(z.string()),
  }),
})
