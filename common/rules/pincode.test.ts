import { describe, it, expect } from 'vitest'
import { checkPincodeInput, digitsOnly, isIndianPincode, PINCODE_MESSAGE } from './pincode'

describe('checkPincodeInput', () => {
  it.each([
    ['', PINCODE_MESSAGE],
    ['1', PINCODE_MESSAGE],
    ['56003', PINCODE_MESSAGE],
    ['560034', null],
    ['5600341', null],
  ])('%j → %j', (value, message) => {
    expect(checkPincodeInput(value)).toBe(message)
  })

  it('has the exact message', () => {
    expect(PINCODE_MESSAGE).toBe('Please enter a valid pincode')
  })
})

describe('digitsOnly', () => {
  it.each([
    ['560 034', '560034'],
    ['56a0-03b4', '560034'],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (value, digits) => {
    expect(digitsOnly(value)).toBe(digits)
  })
})

describe('isIndianPincode', () => {
  it.each([
    ['560034', true],
    ['110001', true],
    ['060034', false],
    ['56003', false],
    ['5600345', false],
    ['56003a', false],
    ['', false],
  ])('%j → %s', (value, ok) => {
    expect(isIndianPincode(value)).toBe(ok)
  })
})
