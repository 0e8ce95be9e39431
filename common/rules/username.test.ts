import { describe, expect, it } from 'vitest'
import { maskUsername, parseUsername } from './username'

describe('parseUsername', () => {
  it.each([
    ['9876500003', { kind: 'mobile', value: '9876500003' }],
    ['  98765 00003 ', { kind: 'mobile', value: '9876500003' }],
    ['98765-00003', { kind: 'mobile', value: '9876500003' }],
    ['+91 98765 00003', { kind: 'mobile', value: '9876500003' }],
    ['+919876500003', { kind: 'mobile', value: '9876500003' }],
    ['919876500003', { kind: 'mobile', value: '9876500003' }],
    ['09876500003', { kind: 'mobile', value: '9876500003' }],
    ['6000000000', { kind: 'mobile', value: '6000000000' }],
    ['Meera@Shop.IN', { kind: 'email', value: 'meera@shop.in' }],
    [' a.b+c@mail.co.in ', { kind: 'email', value: 'a.b+c@mail.co.in' }],
  ])('%s → %o', (raw, expected) => expect(parseUsername(raw)).toEqual(expected))

  it.each([
    '',
    '   ',
    '12345',
    '5876500003',
    '98765000031',
    '+1 9876500003',
    '+9198765000',
    '0098765000031',
    '९८७६५००००३',
    '9876５00003',
    'abc',
    'a@b',
    'meera@demo.example',
    'a b@c.in',
    `${'a'.repeat(250)}@x.in`,
    '9876500003; drop table users',
  ])('refuses %j', (raw) => expect(parseUsername(raw)).toBeNull())
})

describe('maskUsername', () => {
  it('keeps the first and last two digits of a number and the domain of an email', () => {
    expect(maskUsername({ kind: 'mobile', value: '9876500003' })).toBe('98xxxxxx03')
    expect(maskUsername({ kind: 'email', value: 'meera@shop.in' })).toBe('m****@shop.in')
    expect(maskUsername({ kind: 'email', value: 'a@shop.in' })).toBe('a*@shop.in')
  })
})
