import * as z from 'zod/mini'
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '../rules/mobile'
import { OtpInput } from './accounts'
import { ConsentRequested } from './agents'
import { defineContract } from './http'
import { text } from './text'

/**
 * "On khata" for someone who is not yet a customer of this website: the customer agrees with a consent code, as a
 * sales agent's new customer does (docs/decisions/0034, 0047). Staff calls of the counter (/s/api/pos/…).
 */

const Mobile = text('Mobile number', [z.trim(), z.regex(MOBILE_PATTERN, MOBILE_MESSAGE)])
const Name = z.optional(text('Name', [z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Name is too long')]))

/** A customer of this website, as it knows them. */
export const KhataCustomer = z.object({ id: z.number(), name: z.string(), phone: z.string() })
export type KhataCustomer = z.infer<typeof KhataCustomer>

export const findKhataCustomer = defineContract({
  method: 'GET',
  path: '/api/pos/khata/customer',
  summary:
    'POS: the customer of this website with this mobile number (as this website knows them), or null: a khata for anyone else needs their consent code first',
  query: z.object({ mobile: Mobile }),
  response: z.object({ customer: z.nullable(KhataCustomer) }),
})

export const KhataConsentBody = z.strictObject({ mobile: Mobile, name: Name })
export type KhataConsentBody = z.input<typeof KhataConsentBody>

export const askKhataConsent = defineContract({
  method: 'POST',
  path: '/api/pos/khata/consent',
  summary:
    "POS: a customer of this website already (200, nothing sent), or a consent code by SMS to the number (202; sign-in's limits, 429) which the customer reads out if they agree to a khata with the shop",
  body: KhataConsentBody,
  response: z.object({ customer: KhataCustomer }),
  accepted: ConsentRequested,
})

export const ConfirmKhataConsentBody = z.strictObject({ mobile: Mobile, code: OtpInput, name: Name })
export type ConfirmKhataConsentBody = z.input<typeof ConfirmKhataConsentBody>

export const confirmKhataConsent = defineContract({
  method: 'POST',
  path: '/api/pos/khata/consent/confirm',
  summary:
    'POS: the code the customer read out: they become this website\'s customer (the name typed, else "Customer", and the number), so a sale can go on their khata; 422 on `code` when wrong or expired, 429 after 5 tries',
  body: ConfirmKhataConsentBody,
  response: z.object({ customer: KhataCustomer }),
})
