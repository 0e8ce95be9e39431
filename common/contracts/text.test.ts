import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import type { Contract } from './http'
import { calendarDate, calendarDateTime, DATE_CHECKS, isAllowedText, text } from './text'
import { INT_MAX } from './whole-numbers'

const HERE = path.dirname(fileURLToPath(import.meta.url))

/** Everything `defineContract` made, from every contract file. */
async function allContracts(): Promise<[string, Contract][]> {
  const files = readdirSync(HERE).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  const found: [string, Contract][] = []
  for (const f of files) {
    const mod = (await import(path.join(HERE, f))) as Record<string, unknown>
    for (const [name, value] of Object.entries(mod)) {
      const c = value as Contract
      if (c && typeof c === 'object' && typeof c.method === 'string' && typeof c.path === 'string' && 'response' in c) found.push([`${f} ${name}`, c])
    }
  }
  return found
}

interface Def {
  type: string
  checks?: { _zod: { def: { fn?: unknown } } }[]
  shape?: Record<string, $ZodType>
  innerType?: $ZodType
  in?: $ZodType
  element?: $ZodType
  options?: $ZodType[]
  keyType?: $ZodType
  valueType?: $ZodType
  getter?: () => $ZodType
}

type Check = { _zod: { def: { fn?: unknown; check?: string; pattern?: RegExp } } }

/** Every string an input schema takes, with where it is (`… body.lines[].note`); `unseen` where the walk cannot see into. */
function strings(schema: $ZodType, at: string): { at: string; checks: Check[] }[] {
  const def = schema._zod.def as unknown as Def
  switch (def.type) {
    case 'string':
      return [{ at, checks: (def.checks ?? []) as Check[] }]
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, value]) => strings(value, `${at}.${key}`))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return strings(def.innerType!, at)
    case 'pipe':
      return strings(def.in!, at) // what comes out of `in` is already checked
    case 'array':
      return strings(def.element!, `${at}[]`)
    case 'union':
      return def.options!.flatMap((o) => strings(o, at))
    case 'record':
      return [...strings(def.keyType!, `${at}{key}`), ...strings(def.valueType!, `${at}{}`)]
    case 'lazy':
      return strings(def.getter!(), at)
    case 'number':
    case 'int':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
      return []
    default:
      return [{ at: `${at} (${def.type}: say how its strings are checked)`, checks: [] }]
  }
}

/** Every number an input schema takes, with its bounds (a literal or enum of numbers is bounded by its choices). */
function numbers(schema: $ZodType, at: string): { at: string; min: number; max: number; int: boolean }[] {
  const def = schema._zod.def as unknown as Def & { out?: $ZodType }
  switch (def.type) {
    case 'number': {
      const n = { at, min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY, int: false }
      for (const c of (def.checks ?? []) as unknown as { _zod: { def: { check: string; value?: number; format?: string } } }[]) {
        const { check, value, format } = c._zod.def
        if (check === 'less_than') n.max = Math.min(n.max, value!)
        if (check === 'greater_than') n.min = Math.max(n.min, value!)
        if (check === 'number_format') n.int ||= format !== 'float32' && format !== 'float64'
        if (format === 'int32') [n.min, n.max] = [Math.max(n.min, -(2 ** 31)), Math.min(n.max, 2 ** 31 - 1)]
      }
      return [n]
    }
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, value]) => numbers(value, `${at}.${key}`))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return numbers(def.innerType!, at)
    case 'pipe': {
      const out = def.out!._zod.def.type
      return out === 'literal' || out === 'enum' ? [] : numbers(def.in!, at)
    }
    case 'array':
      return numbers(def.element!, `${at}[]`)
    case 'union':
      return def.options!.flatMap((o) => numbers(o, at))
    case 'record':
      return numbers(def.valueType!, `${at}{}`)
    case 'lazy':
      return numbers(def.getter!(), at)
    default:
      return []
  }
}

/** Every string of every contract input: params, query and body, nested ones and record keys included. */
async function inputStrings() {
  const contracts = await allContracts()
  expect(contracts.length).toBeGreaterThan(30)
  return contracts.flatMap(([name, c]) => (['params', 'query', 'body'] as const).flatMap((part) => (c[part] ? strings(c[part], `${name} ${part}`) : [])))
}

describe('the text rule', () => {
  it('refuses U+0000 and half a surrogate pair, and keeps every other text', () => {
    for (const bad of ['\u0000', 'Par\u0000ty', '\uD800', 'a\uD83Db', '\uDE00x', 'x\uDE00', '\uDE00\uD83D'])
      expect(isAllowedText(bad), JSON.stringify(bad)).toBe(false)
    for (const good of ['', 'Asha Rao', 'आशा राव', 'நகர்', 'Diwali 🪔 party', '😀😀', 'tab\tand\nnewline', '#12, 3rd "Cross" <Road> & Co.'])
      expect(isAllowedText(good), good).toBe(true)
  })

  it("answers with the field label, after the field's own checks", () => {
    const name = text('Full name')
    expect(name.safeParse('Asha').success).toBe(true)
    expect(name.safeParse('As\u0000ha').error?.issues.map((i) => i.message)).toEqual(['Full name contains characters that are not allowed'])
    // a field's own format message comes first
    const pincode = text('Pincode', [z.regex(/^\d{6}$/, 'Please enter a valid pincode')])
    expect(pincode.safeParse('56000\u0000').error?.issues[0].message).toBe('Please enter a valid pincode')
  })

  it('guards every string of every contract input: params, query and body, nested ones and record keys included', async () => {
    const missing = (await inputStrings()).filter((s) => !s.checks.some((c) => c._zod.def.fn === isAllowedText))
    expect(missing.map((s) => s.at)).toEqual([])
  })
})

describe('numbers', () => {
  it('bounds every number of every contract input: whole numbers by what an integer column holds', async () => {
    const found = (await allContracts()).flatMap(([name, c]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => (c[part] ? numbers(c[part], `${name} ${part}`) : [])),
    )
    expect(found.length).toBeGreaterThan(50)
    const unbounded = found.filter((n) => (n.int ? n.max > INT_MAX || n.min < -INT_MAX : !Number.isFinite(n.max) || !Number.isFinite(n.min)))
    expect(unbounded.map((n) => `${n.at} ${n.int ? 'whole ' : ''}${n.min}..${n.max}`)).toEqual([])
  })
})

describe('the date rule', () => {
  it('refuses a day the calendar does not have, naming the field', () => {
    const from = calendarDate('From date')
    for (const day of ['2026-13-45', '2026-02-30', '0000-01-01', '2026-1-31', '31-01-2026'])
      expect(
        z.safeParse(from, day).error?.issues.map((i) => i.message),
        day,
      ).toEqual(['From date must be a real date from 1900 to 2099, written like 2026-01-31'])
    expect(z.safeParse(from, ' 2026-01-31 ').data).toBe('2026-01-31')
    const soldAt = calendarDateTime('Time of sale')
    expect(z.safeParse(soldAt, '2026-01-31T09:30:00+05:30').success).toBe(true)
    for (const moment of ['2026-02-30T09:30:00+05:30', '0000-01-01T00:00:00Z', '2026-01-31', '2026-01-31T09:30:00'])
      expect(z.safeParse(soldAt, moment).success, moment).toBe(false)
  })

  it('checks every date of every contract input', async () => {
    const looksLikeADate = (s: { at: string; checks: Check[] }) =>
      /[._](from|to|date|day|\w+_on|\w+_at|\w+_date)$/.test(s.at) || s.checks.some((c) => /\\d\{4\}-/.test(String(c._zod.def.pattern ?? '')))
    const dates = (await inputStrings()).filter(looksLikeADate)
    expect(dates.length).toBeGreaterThanOrEqual(15)
    const unchecked = dates.filter((s) => !s.checks.some((c) => DATE_CHECKS.includes(c._zod.def.fn)))
    expect(unchecked.map((s) => s.at)).toEqual([])
  })
})
