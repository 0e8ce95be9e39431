import { describe, expect, it } from 'vitest'
import { INDIAN_STATES } from './address'
import { placeOfPincode } from './pincode-place'

describe('placeOfPincode (issue 31: city and state from the pincode)', () => {
  it.each([
    ['560038', 'Bengaluru', 'Karnataka'],
    ['110001', 'New Delhi', 'Delhi'],
    ['400001', 'Mumbai', 'Maharashtra'],
    ['403001', '', 'Goa'],
    ['574201', '', 'Karnataka'],
    ['600028', 'Chennai', 'Tamil Nadu'],
  ])('%s is %s, %s', (pincode, city, state) => {
    expect(placeOfPincode(pincode)).toEqual({ city, state })
    if (state) expect(INDIAN_STATES).toContain(state)
  })
  it('says nothing for a prefix shared by states or an unfinished pincode', () => {
    expect(placeOfPincode('248001')).toEqual({ city: '', state: '' })
    expect(placeOfPincode('5600')).toEqual({ city: '', state: '' })
  })
})
