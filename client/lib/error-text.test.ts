import { describe, it, expect } from 'vitest'
import { ApiError, errorText, somethingWentWrong, DEFAULT_ERROR_TEXT } from './error-text'

describe('errorText', () => {
  it.each<[string, unknown, string]>([
    ['plain string', 'Pincode not serviceable', 'Pincode not serviceable'],
    ['message', { message: 'Bad coupon', msg: 'm', error: 'e' }, 'Bad coupon'],
    ['msg', { msg: 'Out of stock', error: 'e' }, 'Out of stock'],
    ['error', { error: 'Forbidden' }, 'Forbidden'],
    ['Error instance', new Error('Failed to fetch'), 'Failed to fetch'],
    ['non-string message skipped', { message: 42, msg: 'Use msg' }, 'Use msg'],
    ['empty message skipped', { message: '', error: 'Use error' }, 'Use error'],
    ['empty string', '', DEFAULT_ERROR_TEXT],
    ['null', null, DEFAULT_ERROR_TEXT],
    ['undefined', undefined, DEFAULT_ERROR_TEXT],
    ['number', 500, DEFAULT_ERROR_TEXT],
    ['empty object', {}, DEFAULT_ERROR_TEXT],
    ['nested error object', { error: { message: 'x' } }, DEFAULT_ERROR_TEXT],
    ['ApiError with JSON body', new ApiError(400, { message: 'Invalid code', code: 'invalid' }), 'Invalid code'],
    ['ApiError with text body', new ApiError(422, 'Not deliverable here'), 'Not deliverable here'],
    ['ApiError with msg body', new ApiError(400, { msg: 'Old style' }), 'Old style'],
    ['ApiError with empty body', new ApiError(500, null), DEFAULT_ERROR_TEXT],
    ['ApiError with own message', new ApiError(0, null, 'Network down'), 'Network down'],
    ['ApiError-like object', { status: 409, body: { error: 'Slot full' }, message: 'HTTP 409' }, 'Slot full'],
    ['ApiError-like, empty body', { status: 409, body: {}, message: 'HTTP 409' }, 'HTTP 409'],
  ])('%s', (_name, err, text) => {
    expect(errorText(err)).toBe(text)
  })

  it('has the exact default text', () => {
    expect(DEFAULT_ERROR_TEXT).toBe("There's been an error, please try again.")
  })
})

describe('somethingWentWrong', () => {
  it('falls back to its own text', () => {
    expect(somethingWentWrong(null)).toBe('Something went wrong')
    expect(somethingWentWrong({})).toBe('Something went wrong')
    expect(somethingWentWrong({ msg: 'Known' })).toBe('Known')
  })
})

describe('ApiError', () => {
  it('keeps status and body', () => {
    const err = new ApiError(404, { message: 'Not found' })
    expect(err).toBeInstanceOf(Error)
    expect(err.name).toBe('ApiError')
    expect(err.status).toBe(404)
    expect(err.body).toEqual({ message: 'Not found' })
    expect(err.message).toBe('Not found')
  })
})
