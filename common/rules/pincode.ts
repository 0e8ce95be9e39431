/** Delivery pincode rules (spec §5): the dialog only checks length; the server checks the real format. */
export const PINCODE_MIN_LENGTH = 6
export const PINCODE_MESSAGE = 'Please enter a valid pincode'
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/

/** The message when the input is too short (no call should be made), else null. */
export function checkPincodeInput(value: string): string | null {
  return value.length < PINCODE_MIN_LENGTH ? PINCODE_MESSAGE : null
}

/** Keeps only digits, for the numeric pincode input. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** Six digits, not starting with 0: the Indian postal code format. */
export function isIndianPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value)
}
