import * as z from 'zod/mini'
import { ADDRESS_LIMITS, ADDRESS_TYPES, INDIAN_STATES } from '../rules/address'
import { EMAIL_PATTERN, invalidEmailMessage } from '../rules/form-field'
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '../rules/mobile'
import { PINCODE_MESSAGE, PINCODE_PATTERN } from '../rules/pincode'
import { parseUsername, USERNAME_MESSAGE } from '../rules/username'
import { defineContract } from './http'
import { wholeNumber } from './whole-numbers'
import { text } from './text'
import { User } from './user'

const int = () => z.number().check(z.int())
const required = (label: string, max: number) => text(label, [z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long`)])

export { User } from './user'

/** 10-digit mobile (6-9 first) or email; +91, 0, spaces and dashes are accepted and dropped. */
export const UsernameInput = text('Mobile number or email', [z.refine((s) => parseUsername(s) !== null, USERNAME_MESSAGE)])
export const OTP_LENGTH = 6
export const OtpInput = text('Code', [z.regex(/^\d{6}$/, 'Enter the 6-digit code')])
/** Seconds before another code may be sent to the same username; the verify screen counts them down. */
export const RESEND_SECONDS = 30

const Email = text('Email', [z.trim(), z.maxLength(254, 'Email is too long'), z.regex(EMAIL_PATTERN, invalidEmailMessage('Email'))])
const Mobile = text('Mobile number', [z.trim(), z.regex(MOBILE_PATTERN, MOBILE_MESSAGE)])

export const login = defineContract({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sends a 6-digit sign-in code to a mobile number (SMS) or email; answers the same whether or not an account exists. 429 when rate-limited',
  body: z.strictObject({ username: UsernameInput }),
  response: z.object({ sent: z.literal(true) }),
})

export const VerifyResult = z.union([z.object({ user: User }), z.object({ user: z.null(), needsRegistration: z.literal(true) })])
export type VerifyResult = z.infer<typeof VerifyResult>

export const verify = defineContract({
  method: 'POST',
  path: '/api/auth/verify',
  summary:
    'Checks the code (5 minutes, 5 tries). With an account: signs in (new session cookie). Without: remembers the verified username for 10 minutes and answers needsRegistration. 422 wrong or expired code, 429 after the fifth wrong try',
  body: z.strictObject({ username: UsernameInput, otp: OtpInput }),
  response: VerifyResult,
})

export const register = defineContract({
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Creates the account of a username verified in this session in the last 10 minutes (else 403) and signs in',
  // email is optional: a shopper signs in with the mobile number (issue 31; the spec fixes no rule for it)
  body: z.strictObject({ name: required('Name', 80), email: z._default(z.union([z.literal(''), Email]), ''), phone: Mobile }),
  response: z.object({ user: User }),
})

export const logout = defineContract({
  method: 'GET',
  path: '/api/auth/logout',
  summary: 'Ends the session on the server (needs the XSRF header; refused cross-site)',
  response: z.object({ ok: z.literal(true) }),
})

export const Profile = z.object({
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
})
export type Profile = z.infer<typeof Profile>

export const getProfile = defineContract({ method: 'GET', path: '/api/account/profile', summary: "The signed-in user's profile", response: Profile })

export const updateProfile = defineContract({
  method: 'PUT',
  path: '/api/account/profile',
  summary: 'Changes name and email (a new email is unverified until signed in with); the mobile number is changed only through a new sign-in',
  body: z.strictObject({ name: required('Name', 80), email: z.union([Email, z.literal('')]) }),
  response: Profile,
})

const L = ADDRESS_LIMITS
export const AddressInput = z.strictObject({
  name: required('Full name', L.name),
  mobile: Mobile,
  house: required('House / flat no.', L.house),
  street: required('Building / street', L.street),
  area: required('Area / locality', L.area),
  landmark: z._default(text('Landmark', [z.trim(), z.maxLength(L.landmark, 'Landmark is too long')]), ''),
  city: required('City', L.city),
  state: z.enum(INDIAN_STATES, { error: 'Choose a state' }),
  pincode: text('Pincode', [z.trim(), z.regex(PINCODE_PATTERN, PINCODE_MESSAGE)]),
  type: z._default(z.enum(ADDRESS_TYPES, { error: 'Type must be home, work or other' }), 'home'),
})
export type AddressInput = z.input<typeof AddressInput>

export const Address = z.object({
  id: int(),
  name: z.string(),
  mobile: z.string(),
  house: z.string(),
  street: z.string(),
  area: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  type: z.enum(ADDRESS_TYPES),
  is_default: z.boolean(),
  /** whether this website delivers to the pincode, and when */
  serviceable: z.boolean(),
  delivery_message: z.string(),
})
export type Address = z.infer<typeof Address>

/** Every address call answers with the whole, fresh list (default first). */
export const AddressList = z.object({ addresses: z.array(Address) })
export type AddressList = z.infer<typeof AddressList>

const IdParams = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)) })

export const listAddresses = defineContract({
  method: 'GET',
  path: '/api/account/addresses',
  summary: "The signed-in user's addresses on this website",
  response: AddressList,
})
export const createAddress = defineContract({
  method: 'POST',
  path: '/api/account/addresses',
  summary: 'Adds an address (the first one delivered to becomes the default; one outside delivery never does by itself)',
  body: AddressInput,
  response: AddressList,
})
export const updateAddress = defineContract({
  method: 'PUT',
  path: '/api/account/addresses/:id',
  summary: 'Changes one of your addresses (404 for anyone else’s)',
  params: IdParams,
  body: AddressInput,
  response: AddressList,
})
export const deleteAddress = defineContract({
  method: 'DELETE',
  path: '/api/account/addresses/:id',
  summary: 'Deletes one of your addresses; the newest other one becomes the default',
  params: IdParams,
  response: AddressList,
})
export const setDefaultAddress = defineContract({
  method: 'POST',
  path: '/api/account/addresses/:id/default',
  summary: 'Makes one of your addresses the default',
  params: IdParams,
  response: AddressList,
})

export const PincodeServiceability = z.object({ pincode: z.string(), serviceable: z.boolean(), message: z.string() })
export const checkAddressPincode = defineContract({
  method: 'GET',
  path: '/api/account/pincode/:pincode',
  summary: 'Whether this website delivers to a pincode, for the address form (does not change the remembered pincode)',
  params: z.object({ pincode: text('Pincode', [z.regex(PINCODE_PATTERN, PINCODE_MESSAGE)]) }),
  response: PincodeServiceability,
})

/** scheme://host[:port] and nothing else: no path, query, fragment or credentials. */
export const WebsiteOrigin = text('Website address', [
  z.trim(),
  z.maxLength(200),
  z.refine((s) => {
    try {
      const u = new URL(s)
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s.replace(/\/$/, '').toLowerCase()
    } catch {
      return false
    }
  }, 'Enter the address as https://shop.example (scheme, host and optional port only)'),
])

export const ManagedWebsite = z.object({ id: int(), name: z.string(), origin: z.string(), current: z.boolean() })
export type ManagedWebsite = z.infer<typeof ManagedWebsite>

export const listManagedWebsites = defineContract({
  method: 'GET',
  path: '/api/bos/websites',
  summary: 'Superadmin: the websites you may manage (where you are a superadmin)',
  response: z.object({ websites: z.array(ManagedWebsite) }),
})

export const switchWebsite = defineContract({
  method: 'POST',
  path: '/api/bos/switch',
  summary:
    'Superadmin: hands your sign-in over to another website you manage. Answers an address on that website whose #fragment holds a one-time token (60 s, single use) for POST /api/bos/switch/redeem there',
  body: z.strictObject({ website_id: wholeNumber(1) }),
  response: z.object({ url: z.string(), origin: z.string(), name: z.string() }),
})

export const SwitchToken = text('Link', [z.regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid')])
export const redeemSwitch = defineContract({
  method: 'POST',
  path: '/api/bos/switch/redeem',
  summary:
    'At the target website: turns a switch token into a new session for its superadmin (403 when used, expired, made for another website, or the role is gone)',
  body: z.strictObject({ token: SwitchToken }),
  response: z.object({ user: User }),
})

export const THEMES = ['light', 'dark'] as const
export const createWebsite = defineContract({
  method: 'POST',
  path: '/api/bos/websites',
  summary: 'Superadmin: creates a website (name, origin, theme, default settings, an empty catalogue and a home page), reachable at once; audited',
  body: z.strictObject({
    name: required('Website name', 80),
    origin: WebsiteOrigin,
    theme: z._default(z.enum(THEMES), 'light'),
    primary_color: z._default(text('Colour', [z.regex(/^#[0-9a-f]{6}$/i, 'Pick a colour like #0c7a2a')]), '#0c7a2a'),
    description: z._default(text('Description', [z.trim(), z.maxLength(300, 'Description is too long')]), ''),
  }),
  response: z.object({ website: ManagedWebsite }),
})
export type CreateWebsiteInput = z.input<typeof createWebsite.body>

/** The addresses (origins) a website answers on. On production each is https://<domain>, with a certificate made on demand. */
export const WebsiteDomains = z.object({ website_id: int(), origins: z.array(z.string()) })
export type WebsiteDomains = z.infer<typeof WebsiteDomains>

export const listWebsiteDomains = defineContract({
  method: 'GET',
  path: '/api/bos/websites/:id/domains',
  summary: 'Superadmin: the addresses a website you manage answers on',
  params: IdParams,
  response: WebsiteDomains,
})

export const addWebsiteDomain = defineContract({
  method: 'POST',
  path: '/api/bos/websites/:id/domains',
  summary:
    'Superadmin: the website answers at one more address (https:// in production) from now on, in every app process; 409 when a website already answers there; audited',
  params: IdParams,
  body: z.strictObject({ origin: WebsiteOrigin }),
  status: 201,
  response: WebsiteDomains,
})

export const removeWebsiteDomain = defineContract({
  method: 'POST',
  path: '/api/bos/websites/:id/domains/remove',
  summary: 'Superadmin: the website no longer answers at an address (409 for its last one); audited',
  params: IdParams,
  body: z.strictObject({ origin: WebsiteOrigin }),
  response: WebsiteDomains,
})
