import type { INDIAN_STATES } from './address'

type State = (typeof INDIAN_STATES)[number]

/**
 * The state (and, for the big cities, the city) a pincode belongs to, from its postal circle: the first two or three
 * digits (India Post). Only prefixes that belong to one state are listed; the address form fills city and state from
 * it when they are still empty (issue 31), the shopper can change both.
 */
const STATE_BY_PREFIX: [string, State][] = [
  ['110', 'Delhi'],
  ['160', 'Chandigarh'],
  ['403', 'Goa'],
  ['605', 'Puducherry'],
  ['737', 'Sikkim'],
  ['744', 'Andaman and Nicobar Islands'],
  ['12', 'Haryana'],
  ['13', 'Haryana'],
  ['14', 'Punjab'],
  ['15', 'Punjab'],
  ['17', 'Himachal Pradesh'],
  ['30', 'Rajasthan'],
  ['31', 'Rajasthan'],
  ['32', 'Rajasthan'],
  ['33', 'Rajasthan'],
  ['34', 'Rajasthan'],
  ['36', 'Gujarat'],
  ['37', 'Gujarat'],
  ['38', 'Gujarat'],
  ['39', 'Gujarat'],
  ['40', 'Maharashtra'],
  ['41', 'Maharashtra'],
  ['42', 'Maharashtra'],
  ['43', 'Maharashtra'],
  ['44', 'Maharashtra'],
  ['45', 'Madhya Pradesh'],
  ['46', 'Madhya Pradesh'],
  ['47', 'Madhya Pradesh'],
  ['48', 'Madhya Pradesh'],
  ['49', 'Chhattisgarh'],
  ['50', 'Telangana'],
  ['51', 'Andhra Pradesh'],
  ['52', 'Andhra Pradesh'],
  ['53', 'Andhra Pradesh'],
  ['56', 'Karnataka'],
  ['57', 'Karnataka'],
  ['58', 'Karnataka'],
  ['59', 'Karnataka'],
  ['60', 'Tamil Nadu'],
  ['61', 'Tamil Nadu'],
  ['62', 'Tamil Nadu'],
  ['63', 'Tamil Nadu'],
  ['64', 'Tamil Nadu'],
  ['67', 'Kerala'],
  ['68', 'Kerala'],
  ['69', 'Kerala'],
  ['70', 'West Bengal'],
  ['71', 'West Bengal'],
  ['72', 'West Bengal'],
  ['75', 'Odisha'],
  ['76', 'Odisha'],
  ['77', 'Odisha'],
  ['78', 'Assam'],
]

const CITY_BY_PREFIX: Record<string, string> = {
  '110': 'New Delhi',
  '400': 'Mumbai',
  '411': 'Pune',
  '380': 'Ahmedabad',
  '500': 'Hyderabad',
  '560': 'Bengaluru',
  '600': 'Chennai',
  '700': 'Kolkata',
}

/** City and state of a 6-digit pincode where its prefix says them for sure; empty parts when it does not. */
export function placeOfPincode(pincode: string): { city: string; state: State | '' } {
  if (!/^[1-9]\d{5}$/.test(pincode)) return { city: '', state: '' }
  const state = STATE_BY_PREFIX.find(([prefix]) => pincode.startsWith(prefix))?.[1] ?? ''
  return { city: CITY_BY_PREFIX[pincode.slice(0, 3)] ?? '', state }
}
