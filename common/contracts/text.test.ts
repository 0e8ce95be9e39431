import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import type { Contract } from './http'
import { isAllowedText, text } from './text'

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

/** Where an input schema takes a string without the text rule (or something this walk cannot see into). */
function unchecked(schema: $ZodType, at: string): string[] {
  const def = schema._zod.def as unknown as Def
  switch (def.type) {
    case 'string':
      return def.checks?.some((c) => c._zod.def.fn === isAllowedText) ? [] : [at]
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, value]) => unchecked(value, `${at}.${key}`))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return unchecked(def.innerType!, at)
    case 'pipe':
      return unchecked(def.in!, at) // what comes out of `in` is already checked
    case 'array':
      return unchecked(def.element!, `${at}[]`)
    case 'union':
      return def.options!.flatMap((o) => unchecked(o, at))
    case 'record':
      return [...unchecked(def.keyType!, `${at}{key}`), ...unchecked(def.valueType!, `${at}{}`)]
    case 'lazy':
      return unchecked(def.getter!(), at)
    case 'number':
    case 'int':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
      return []
    default:
      return [`${at} (${def.type}: say how its strings are checked)`]
  }
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
    const contracts = await allContracts()
    expect(contracts.length).toBeGreaterThan(30)
    const missing = contracts.flatMap(([name, c]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => (c[part] ? unchecked(c[part], `${name} ${part}`) : [])),
    )
    expect(missing).toEqual([])
  })
})
