import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, drivers, type TestApp } from '../test/app'
import { CALL_FIXTURES, type CallKit, callerOf, callKit } from '../test/call-fixtures'
import type { StaffRequest } from '../test/fixture-kit'

/**
 * SECURITY part B, "every field type of every contract with impossible values" (issue 25): every call of the OpenAPI
 * description, from a request that works (server/test/call-fixtures.ts), with one field of its path, query or body
 * at a time replaced by malformed values of its type, answers below 500; a 422 says what is wrong in the shop's
 * words, never in zod's. A call added later is walked without a new test.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Key = string | number

interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  pattern?: string
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

interface Field {
  in: 'path' | 'query' | 'body'
  /** the key in the answer's `errors` */
  key: string
  path: Key[]
  schema: JsonSchema
}
interface Call {
  name: string
  method: Method
  template: string
  fields: Field[]
}

/** The calls with fields, from the OpenAPI description the app serves (GET /s/api/docs). */
function callsOf(t: TestApp): Call[] {
  const description = t.app.swagger() as { paths: Record<string, Record<string, Operation>> }
  return Object.entries(description.paths).flatMap(([openApiPath, operations]) => {
    const template = openApiPath.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')
    return Object.entries(operations).flatMap(([lower, op]) => {
      const method = lower.toUpperCase() as Method
      const fields: Field[] = (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({ in: p.in as 'path' | 'query', key: p.name, path: [p.name], schema: p.schema }))
      const body = op.requestBody?.content['application/json']?.schema
      if (body) fields.push(...bodyFields(body).map((f) => ({ in: 'body' as const, key: f.path.join('.'), ...f })))
      return fields.length ? [{ name: `${method} ${template}`, method, template, fields }] : []
    })
  })
}

/** The body's fields, two levels into objects and lists of objects below the top. */
function bodyFields(s: JsonSchema, at: Key[] = [], depth = 0): { path: Key[]; schema: JsonSchema }[] {
  const object = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((o) => o.properties)
  if (!object?.properties) return []
  return Object.entries(object.properties).flatMap(([key, field]) => {
    const path = [...at, key]
    if (depth >= 2) return [{ path, schema: field }]
    const list = [field, ...(field.anyOf ?? []), ...(field.oneOf ?? [])].find((o) => o.items?.properties || o.items?.anyOf)
    return [{ path, schema: field }, ...(list?.items ? bodyFields(list.items, [...path, 0], depth + 1) : bodyFields(field, path, depth + 1))]
  })
}

/* ---------- malformed values by type ---------- */

/** a JSON number JSON.stringify cannot write: 1e309 reads as Infinity, 20 digits lose their precision */
const RAW = (literal: string) => `\u0001raw:${literal}\u0001`
const serialise = (payload: unknown) => JSON.stringify(payload).replace(/"\\u0001raw:([^\\]*)\\u0001"/g, '$1')
/** the field left out */
const MISSING = Symbol('missing')

const LONG = 'x'.repeat(100_000)
const EVERY_FIELD: unknown[] = [MISSING, null, { nested: { deeper: [1] } }, [[1, 2]]]
const TEXT: unknown[] = ['2026-13-45', '2026-02-30', '\u0000', 'bell\u0007 line\r\nbreak', 'half \ud800 pair', LONG, 12345]
const CHOICE: unknown[] = ['not-one-of-the-choices', '\u0000', 12345]
const INTEGERS: unknown[] = ['abc', -1, 1.5, 2_147_483_648, RAW('1e309'), RAW('9999999999999999999')]
const NUMBERS: unknown[] = ['abc', -1, 1e-9, 1e308, RAW('1e309'), RAW('-1e309')]
const BOOLEANS: unknown[] = ['true', 0]
/** 5,000 ids no website has, and lists of the wrong things */
const ARRAYS: unknown[] = ['abc', [null], [{}], Array.from({ length: 5000 }, (_, i) => 2_000_000_000 + i)]
const OBJECTS: unknown[] = ['abc', {}, { unknown_field: 1 }]

function typesOf(s: JsonSchema): Set<string> {
  const types = new Set<string>([s.type ?? []].flat())
  if (s.enum) types.add('enum')
  for (const o of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) for (const t of typesOf(o)) types.add(t)
  return types
}

function bodyValues(s: JsonSchema): unknown[] {
  const types = typesOf(s)
  const values = new Set<unknown>(EVERY_FIELD)
  const add = (list: unknown[]) => list.forEach((v) => values.add(v))
  if (types.has('enum') && !types.has('integer') && !types.has('number')) add(CHOICE)
  else if (types.has('string')) add(TEXT)
  if (types.has('integer')) add(INTEGERS)
  else if (types.has('number')) add(NUMBERS)
  if (types.has('boolean')) add(BOOLEANS)
  if (types.has('array')) add(ARRAYS)
  if (types.has('object')) add(OBJECTS)
  return [...values]
}

/** Path and query values are text whatever the field's type (already %-encoded): each goes to every field. */
const URL_VALUES: (string | typeof MISSING)[] = [
  MISSING,
  '',
  '2026-13-45',
  '2026-02-30',
  'NaN',
  '1e309',
  '-1',
  '1.5',
  '2147483648',
  '9999999999999999999',
  '%00',
  `bell%07${encodeURIComponent(' line\r\nbreak')}`,
  '%ED%A0%80', // half a surrogate pair, as UTF-8
  'x'.repeat(100_000),
]

/* ---------- requests ---------- */

function withValue(payload: unknown, path: Key[], value: unknown): unknown {
  const copy = structuredClone(payload ?? {}) as Record<Key, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) {
    const next = node[key]
    node[key] = next !== null && typeof next === 'object' ? next : typeof key === 'number' ? [] : {}
    node = node[key] as Record<Key, unknown>
  }
  if (value === MISSING) delete node[path.at(-1)!]
  else node[path.at(-1)!] = value
  return copy
}

/** The request's URL with one path or query field changed (`value` %-encoded already). */
function urlWith(call: Call, base: StaffRequest, field: Field, value: string | typeof MISSING, twice = false): string {
  const [path, baseQuery = ''] = base.url.split('?')
  if (field.in === 'path') {
    const segments = path.split('/')
    const i = call.template.split('/').indexOf(field.key === '*' ? '*' : `:${field.key}`)
    const changed = [...segments.slice(0, i), value === MISSING ? '' : value, ...(field.key === '*' ? [] : segments.slice(i + 1))].join('/')
    return baseQuery ? `${changed}?${baseQuery}` : changed
  }
  const query = new URLSearchParams(baseQuery)
  query.delete(field.key)
  const pairs = value === MISSING ? [] : twice ? [`${field.key}=${value}`, `${field.key}=2026-01-31`] : [`${field.key}=${value}`]
  return `${path}?${[query.toString(), ...pairs].filter(Boolean).join('&')}`
}

const show = (v: unknown) => {
  if (v === MISSING) return '(left out)'
  const s = typeof v === 'string' ? JSON.stringify(v) : serialise(v)
  return s.length > 40 ? `${s.slice(0, 30)}… (${s.length} characters)` : s
}

/** zod's own wording (its English locale), which names nothing a shopkeeper knows */
const ZOD_WORDS =
  /^(Invalid (input|option|string|number|key|value|discriminator|element)|Too (small|big)|Unrecognized keys?)\b|expected \w+, received|undefined|\[object Object\]/

/**
 * Both drivers run the same SQL, and the whole walk takes a while: with PostgreSQL in the run, PGlite walks the
 * path and query fields only (every field when it is the only driver).
 */
const walksBodies = (driver: string) => driver === 'postgres' || drivers.length === 1

describe.each(drivers)('malformed values in every field of every call (%s)', (driver) => {
  let t: TestApp
  let kit: CallKit
  let calls: Call[]
  const bases = new Map<string, StaffRequest>()

  beforeAll(async () => {
    t = await buildTestApp(driver, { ORDER_JOBS_INTERVAL_MS: 0 })
    kit = await callKit(t)
    calls = callsOf(t)
  })
  afterAll(() => t?.close())

  /** the call's working request (made once; a walk changes what it names, so later answers may be 404 or 409) */
  const baseOf = async (call: Call) => {
    if (!bases.has(call.name)) bases.set(call.name, await CALL_FIXTURES[call.name](kit))
    return bases.get(call.name)!
  }
  const send = (call: Call, url: string, payload: unknown): Promise<LightMyRequestResponse> =>
    t.call({
      method: call.method,
      url,
      session: callerOf(kit, url),
      ...(payload === undefined ? {} : { payload: serialise(payload), headers: { 'content-type': 'application/json' } }),
    })

  it('has a working request for every call with fields', () => {
    expect(calls.length).toBeGreaterThan(100)
    expect(calls.filter((c) => !CALL_FIXTURES[c.name]).map((c) => `add ${c.name} to server/test/call-fixtures.ts`)).toEqual([])
  })

  it('answers 422 on the field, in words, to a day the calendar does not have, in every date of every call', async () => {
    const dates = calls.flatMap((call) =>
      call.fields.filter((f) => typesOf(f.schema).has('string') && /\\d\{4\}-/.test(f.schema.pattern ?? '')).map((f) => ({ call, f })),
    )
    expect(dates.length).toBeGreaterThanOrEqual(40)
    const wrong: string[] = []
    for (const { call, f } of dates) {
      const base = await baseOf(call)
      // a date and time (the counter's offline sale) gets the day in its date part
      const moment = /T/.test(f.schema.pattern ?? '')
      const words = moment
        ? / must be a date and time with its offset, like 2026-01-31T09:30:00\+05:30$/
        : / must be a real date from 1900 to 2099, written like 2026-01-31$/
      for (const day of ['2026-13-45', '2026-02-30', '2026-00-10', '1899-12-31']) {
        const value = moment ? `${day}T09:30:00+05:30` : day
        const res = await send(
          call,
          f.in === 'body' ? base.url : urlWith(call, base, f, value),
          f.in === 'body' ? withValue(base.payload, f.path, value) : base.payload,
        )
        const message = res.statusCode === 422 ? res.json().errors?.[f.key] : undefined
        if (!words.test(message ?? '')) wrong.push(`${call.name} ${f.in} ${f.key}=${value}: ${res.statusCode} ${res.body.slice(0, 160)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('answers below 500 to malformed values in every field, and a 422 says what is wrong in words', async () => {
    const failures: string[] = []
    const zodWords: string[] = []
    let requests = 0
    for (const call of calls) {
      if (!CALL_FIXTURES[call.name]) continue
      const base = await baseOf(call)
      if (base.contentType) continue // a file upload: its bytes are no contract's fields
      const check = async (url: string, payload: unknown, what: string) => {
        requests++
        const res = await send(call, url, payload)
        const where = `${call.name} ${what}: ${res.statusCode}`
        if (res.statusCode >= 500) failures.push(`${where} ${res.body.slice(0, 200)}`)
        if (res.statusCode !== 422) return
        const { message, errors = {} } = res.json() as { message: string; errors?: Record<string, string> }
        for (const text of [message, ...Object.values(errors)]) if (ZOD_WORDS.test(text)) zodWords.push(`${where} ${text}`)
      }
      for (const f of call.fields) {
        if (f.in === 'body' && !walksBodies(driver)) continue
        if (f.in === 'body') {
          for (const value of bodyValues(f.schema)) await check(base.url, withValue(base.payload, f.path, value), `body ${f.key}=${show(value)}`)
          continue
        }
        for (const value of URL_VALUES) await check(urlWith(call, base, f, value), base.payload, `${f.in} ${f.key}=${show(value)}`)
        // a list where one value is expected
        if (f.in === 'query') await check(urlWith(call, base, f, 'abc', true), base.payload, `query ${f.key} twice`)
      }
    }
    expect(requests).toBeGreaterThan(walksBodies(driver) ? 5000 : 1000)
    expect(failures, `${failures.length} answers of 500 or more in ${requests} requests`).toEqual([])
    expect(zodWords, `${zodWords.length} answers in zod's words`).toEqual([])
  }, 300_000)
})
