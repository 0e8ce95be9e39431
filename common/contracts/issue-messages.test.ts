import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { fieldName, inShopWords } from './issue-messages'

/** The messages of a parse, by field path, with the shop's words as zod's locale (as server/app.ts installs them). */
const messages = (schema: $ZodType, input: unknown) =>
  Object.fromEntries((z.safeParse(schema, input, { error: inShopWords }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

const int = () => z.number().check(z.int())

describe("zod's issues in the shop's words", () => {
  it('names a missing field and says what to send', () => {
    const schema = z.strictObject({ quantity: int(), reason: z.string(), visible: z.boolean(), lines: z.array(z.string()), kind: z.enum(['in', 'out']) })
    expect(messages(schema, {})).toEqual({
      quantity: 'Quantity is required: send a number',
      reason: 'Reason is required: send text',
      visible: 'Visible is required: send true or false',
      lines: 'Lines is required: send a list',
      kind: 'Kind is required: send one of: "in", "out"',
    })
  })

  it('says what a field must be and what came instead', () => {
    const schema = z.object({ quantity: int(), price: z.number(), note: z.string(), tags: z.array(z.string()), address: z.object({ city: z.string() }) })
    expect(messages(schema, { quantity: 1.5, price: 'abc', note: 12, tags: 'rice', address: [] })).toEqual({
      quantity: 'Quantity must be a whole number, not 1.5',
      price: 'Price must be a number, not the text "abc"',
      note: 'Note must be text, not 12',
      tags: 'Tags must be a list, not the text "rice"',
      address: 'Address must be a group of fields, not a list',
    })
    expect(messages(schema, { quantity: null, price: Number.POSITIVE_INFINITY, note: {}, tags: ['a'], address: { city: true } })).toEqual({
      quantity: 'Quantity must be a number, not null',
      price: 'Price must be a number, not a number that large',
      note: 'Note must be text, not a group of fields',
      'address.city': 'City must be text, not true',
    })
    expect(messages(z.object({ id: z.coerce.number() }), { id: 'abc' })).toEqual({ id: 'ID must be a number' })
  })

  it('gives the limits of sizes and ranges', () => {
    const schema = z.object({
      name: z.string().check(z.minLength(1), z.maxLength(80)),
      code: z.string().check(z.minLength(4)),
      pin: z.string().check(z.length(6)),
      count: int().check(z.gte(1), z.lte(10)),
      share: z.number().check(z.gt(0), z.lt(100)),
      ids: z.array(int()).check(z.minLength(1), z.maxLength(3)),
    })
    expect(messages(schema, { name: '', code: 'ab', pin: '123', count: 0, share: 0, ids: [] })).toEqual({
      name: 'Name cannot be empty',
      code: 'Code needs at least 4 characters',
      pin: 'Pin must be exactly 6 characters long',
      count: 'Count must be 1 or more',
      share: 'Share must be more than 0',
      ids: 'IDs needs at least one item',
    })
    expect(messages(schema, { name: 'x'.repeat(81), code: 'abcd', pin: '123456', count: 11, share: 100, ids: [1, 2, 3, 4] })).toEqual({
      name: 'Name can be at most 80 characters long',
      count: 'Count must be 10 or less',
      share: 'Share must be less than 100',
      ids: 'IDs can have at most 3 items',
    })
  })

  it('lists the choices, and names the unknown fields', () => {
    const schema = z.strictObject({ status: z.enum(['active', 'paused']), rows: z.literal([5, 10, 20]), mode: z.literal('cash') })
    expect(messages(schema, { status: 'gone', rows: 7, mode: 'upi', colour: 'red', size: 2 })).toEqual({
      status: 'Status must be one of: "active", "paused"',
      rows: 'Rows must be one of: 5, 10, 20',
      mode: 'Mode must be "cash"',
      '': 'colour, size are not fields of this call: leave them out',
    })
    const many = z.object({ state: z.enum(Array.from({ length: 20 }, (_, i) => `S${i}`) as [string, ...string[]]) })
    expect(messages(many, { state: 'X' }).state).toBe('State must be one of: "S0", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", …')
    expect(messages(z.object({ address: z.strictObject({ city: z.string() }) }), { address: { city: 'Pune', pin: 1 } })).toEqual({
      address: 'pin is not a field of address: leave it out',
    })
  })

  it('says how a format is written', () => {
    const schema = z.object({ email: z.email(), site: z.url(), at: z.iso.datetime(), code: z.string().check(z.regex(/^[A-Z]+$/)), id: z.uuid() })
    expect(messages(schema, { email: 'asha', site: 'shop', at: 'today', code: 'abc', id: 'x' })).toEqual({
      email: 'Email must be an email address, like asha@example.com',
      site: 'Site must be a web address, like https://example.com',
      at: 'At must be a date and time, like 2026-01-31T09:30:00+05:30',
      code: 'Code is not written the way it should be',
      id: 'ID must be an id like 1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    })
  })

  it('says what a union of plain types takes, and the choices of a tagged one', () => {
    const schema = z.object({
      list_id: z.nullable(z.union([z.literal(''), int()])),
      email: z.union([z.email(), z.literal('')]),
      block: z.discriminatedUnion('type', [z.object({ type: z.literal('banner') }), z.object({ type: z.literal('text') })]),
    })
    expect(messages(schema, { list_id: 'abc', email: 5, block: { type: 'video' } })).toEqual({
      list_id: 'List ID must be empty text or a number, not the text "abc"',
      email: 'Email must be text, not 5',
      'block.type': 'Type must be one of: "banner", "text"',
    })
  })

  it('names fields in lists by their place', () => {
    const schema = z.object({ lines: z.array(z.object({ quantity: int() })), ids: z.array(int()) })
    expect(messages(schema, { lines: [{ quantity: 1 }, { quantity: 'two' }], ids: [1, 'x'] })).toEqual({
      'lines.1.quantity': 'Quantity (lines, item 2) must be a number, not the text "two"',
      'ids.1': 'Item 2 of IDs must be a number, not the text "x"',
    })
  })

  it("keeps a contract's own message", () => {
    const schema = z.object({
      version: z.number({ error: 'Send the version you loaded' }),
      pincode: z.string().check(z.regex(/^\d{6}$/, 'Please enter a valid pincode')),
    })
    expect(messages(schema, { pincode: '12' })).toEqual({ version: 'Send the version you loaded', pincode: 'Please enter a valid pincode' })
  })

  it('turns keys into words', () => {
    expect(fieldName(['per_customer_limit'])).toBe('Per customer limit')
    expect(fieldName(['perPage'])).toBe('Rows per page')
    expect(fieldName(['q'])).toBe('Search text')
    expect(fieldName(['gst_rate'])).toBe('GST rate')
    expect(fieldName(['webSeo'])).toBe('Web SEO')
    expect(fieldName([])).toBe('The request')
    expect(messages(z.object({ a: z.string() }), 'text')).toEqual({ '': 'Send the fields of the request as a JSON object, like {"name": "…"}' })
  })
})
