import { describe, it, expect } from 'vitest'
import { validateField, validateForm, type FieldRule, type FieldValue } from './form-field'

const cases: Array<[string, FieldRule, FieldValue, string | null]> = [
  ['required empty string', { label: 'Name', required: true }, '', 'Name is required'],
  ['required whitespace', { label: 'Name', required: true }, '   ', 'Name is required'],
  ['required null', { label: 'Name', required: true }, null, 'Name is required'],
  ['required undefined', { label: 'Name', required: true }, undefined, 'Name is required'],
  ['required unchecked', { label: 'Terms', required: true }, false, 'Terms is required'],
  ['required NaN', { label: 'Qty', required: true, type: 'number' }, Number.NaN, 'Qty is required'],
  ['label falls back', { required: true }, '', 'This field is required'],
  ['empty label falls back', { label: '', required: true }, '', 'This field is required'],
  ['number 0 is filled', { label: 'Qty', required: true, type: 'number' }, 0, null],
  ['filled', { label: 'Name', required: true }, 'Asha', null],
  ['optional empty passes', { label: 'Email', type: 'email' }, '', null],
  ['optional empty skips pattern', { label: 'Code', pattern: /^\d+$/ }, '', null],
  ['email ok', { label: 'Email', type: 'email' }, 'asha@example.com', null],
  ['email subdomain ok', { label: 'Email', type: 'email' }, 'a.b+c@mail.example.co.in', null],
  ['email 4-letter tld ok', { label: 'Email', type: 'email' }, 'a@b.shop', null],
  ['email no @', { label: 'Email', type: 'email' }, 'asha.example.com', 'Email is not a valid email address'],
  ['email no dot in domain', { label: 'Email', type: 'email' }, 'asha@example', 'Email is not a valid email address'],
  ['email 1-letter tld', { label: 'Email', type: 'email' }, 'asha@example.c', 'Email is not a valid email address'],
  ['email 5-letter tld', { label: 'Email', type: 'email' }, 'asha@example.store', 'Email is not a valid email address'],
  ['email numeric tld', { label: 'Email', type: 'email' }, 'asha@example.12', 'Email is not a valid email address'],
  ['email with space', { label: 'Email', type: 'email' }, 'as ha@example.com', 'Email is not a valid email address'],
  ['email without label', { type: 'email' }, 'x', 'This field is not a valid email address'],
  ['required email empty', { label: 'Email', type: 'email', required: true }, '', 'Email is required'],
  ['pattern ok', { label: 'Code', pattern: /^\d{3}$/ }, '123', null],
  ['pattern fails default message', { label: 'Code', pattern: /^\d{3}$/ }, '12a', 'Code is not in valid format'],
  ['pattern fails custom message', { label: 'Code', pattern: /^\d{3}$/, patternMessage: 'Three digits' }, '12', 'Three digits'],
  ['pattern tested on numbers', { label: 'Code', pattern: /^\d{3}$/ }, 1234, 'Code is not in valid format'],
  ['validator overrides required', { label: 'X', required: true, validator: () => null }, '', null],
  ['validator overrides email', { label: 'X', type: 'email', validator: () => undefined }, 'bad', null],
  ['validator message', { label: 'X', required: true, validator: (v) => (v === 'no' ? 'Say yes' : null) }, 'no', 'Say yes'],
  ['validator empty string passes', { validator: () => '' }, 'a', null],
  ['readonly never validated', { label: 'X', required: true, readonly: true }, '', null],
  ['readonly beats validator', { readonly: true, validator: () => 'nope' }, 'a', null],
]

describe('validateField', () => {
  it.each(cases)('%s', (_name, rule, value, expected) => {
    expect(validateField(rule, value)).toBe(expected)
  })

  it('is stable for global patterns', () => {
    const rule: FieldRule = { pattern: /^\d+$/g }
    expect(validateField(rule, '12')).toBeNull()
    expect(validateField(rule, '12')).toBeNull()
  })
})

describe('validateForm', () => {
  const fields = {
    name: { label: 'Name', required: true },
    email: { label: 'Email', type: 'email' as const },
    note: { readonly: true, required: true },
  }

  it('collects the failing fields only', () => {
    expect(validateForm(fields, { name: '', email: 'x' })).toEqual({
      valid: false,
      errors: { name: 'Name is required', email: 'Email is not a valid email address' },
    })
  })

  it('is valid when all fields pass', () => {
    expect(validateForm(fields, { name: 'Asha', email: '' })).toEqual({ valid: true, errors: {} })
  })
})
