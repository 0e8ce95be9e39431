import { describe, it, expect } from 'vitest'
import { isValidMobile, mobileRule, MOBILE_MESSAGE } from './mobile'
import { validateField } from './form-field'

describe('isValidMobile', () => {
  it.each([
    ['9876543210', true],
    ['6000000000', true],
    ['7123456789', true],
    ['8123456789', true],
    ['5123456789', false],
    ['0123456789', false],
    ['987654321', false],
    ['98765432100', false],
    ['98765 43210', false],
    ['+919876543210', false],
    ['98765a3210', false],
    ['', false],
  ])('%s → %s', (value, ok) => {
    expect(isValidMobile(value)).toBe(ok)
  })

  it('works as a field rule', () => {
    expect(validateField({ ...mobileRule, label: 'Mobile', required: true }, '')).toBe('Mobile is required')
    expect(validateField(mobileRule, '12345')).toBe(MOBILE_MESSAGE)
    expect(validateField(mobileRule, '9876543210')).toBeNull()
  })
})
