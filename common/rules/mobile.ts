import type { FieldRule } from './form-field'

/** Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (spec §5). */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/
export const MOBILE_LENGTH = 10
export const MOBILE_MESSAGE = 'Please enter a valid mobile number'

export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value)
}

/** Ready-made rule for form fields; add label and required as needed. */
export const mobileRule: FieldRule = { type: 'tel', pattern: MOBILE_PATTERN, patternMessage: MOBILE_MESSAGE }
