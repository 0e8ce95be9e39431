import type { FieldRules } from './form-field'
import { MOBILE_MESSAGE, MOBILE_PATTERN } from './mobile'
import { PINCODE_MESSAGE, PINCODE_PATTERN } from './pincode'

/** The 28 states and 8 union territories, as India Post writes them. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const

/** Longest accepted value per field; the form and the server contract use the same numbers. */
export const ADDRESS_LIMITS = { name: 80, mobile: 10, house: 120, street: 120, area: 120, landmark: 120, city: 60, state: 60, pincode: 6 } as const

/** How many addresses one shopper may keep on one website (a documented business limit, ASVS 2.1.3). */
export const MAX_ADDRESSES = 20

export type AddressField = keyof typeof ADDRESS_LIMITS

/** Spec §5 form rules for the address form. */
export const addressRules: FieldRules<AddressField> = {
  name: { label: 'Full name', required: true },
  mobile: { label: 'Mobile number', required: true, type: 'tel', pattern: MOBILE_PATTERN, patternMessage: MOBILE_MESSAGE },
  house: { label: 'House / flat no.', required: true },
  street: { label: 'Building / street', required: true },
  area: { label: 'Area / locality', required: true },
  landmark: { label: 'Landmark' },
  city: { label: 'City', required: true },
  state: { label: 'State', required: true },
  pincode: { label: 'Pincode', required: true, pattern: PINCODE_PATTERN, patternMessage: PINCODE_MESSAGE },
}

/** A landmark as a shopper reads it: "near Temple", but "Opp. Temple" or "Near BDA Complex" as typed. */
export function landmarkText(landmark: string): string {
  const typed = landmark.trim()
  return /^(near|opp\.?|opposite|behind|beside|next to|in front of|above|below)\b/i.test(typed) ? typed : `near ${typed}`
}
