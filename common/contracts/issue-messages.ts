import type { $ZodRawIssue } from 'zod/v4/core'

/**
 * zod's issues in the shop's words: what is wrong with which field, and how to put it right ("Quantity must be a
 * whole number, not text"; "Reason is required: send text"). Installed as zod's locale (server/app.ts), so a
 * contract's own message still comes first (a field's `error`, a check's message) and this says everything else.
 */
export function inShopWords(issue: $ZodRawIssue): string {
  const field = fieldName(issue.path ?? [])
  switch (issue.code) {
    case 'invalid_type':
      if (!issue.path?.length && issue.expected === 'object') return 'Send the fields of the request as a JSON object, like {"name": "…"}'
      if (issue.input === undefined) return `${field} is required: send ${expectation(issue.expected)}`
      return `${field} must be ${expectation(issue.expected)}${instead(issue.input)}`
    case 'invalid_value':
      if (issue.input === undefined) return `${field} is required: send ${choices(issue.values)}`
      return issue.values.length === 1 ? `${field} must be ${shown(issue.values[0])}` : `${field} must be one of: ${listed(issue.values)}`
    case 'too_small':
      return tooSmall(field, issue.origin, issue.minimum, issue.inclusive !== false, issue.exact === true)
    case 'too_big':
      return tooBig(field, issue.origin, issue.maximum, issue.inclusive !== false, issue.exact === true)
    case 'invalid_format':
      return badFormat(field, issue.format, issue as { prefix?: string; suffix?: string; includes?: string })
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}`
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ')
      const where = issue.path?.length ? ` of ${midSentence(field)}` : ' of this call'
      return issue.keys.length === 1 ? `${keys} is not a field${where}: leave it out` : `${keys} are not fields${where}: leave them out`
    }
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options
      if (options?.length) return `${field} must be one of: ${listed(options)}`
      const expected = unionTypes(issue.errors)
      if (expected && issue.input !== undefined) return `${field} must be ${expected}${instead(issue.input)}`
      if (expected) return `${field} is required: send ${expected}`
      return `${field} is not in any of the forms it can take`
    }
    case 'invalid_key':
      return `${field} has a name that is not allowed`
    case 'invalid_element':
      return `${field} has a value that is not allowed`
    default:
      return `${field} is not valid`
  }
}

/** The shop's names for a field's words, where splitting the key is not enough. */
const WORDS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  sku: 'SKU',
  hsn: 'HSN',
  gst: 'GST',
  gstin: 'GSTIN',
  otp: 'OTP',
  upi: 'UPI',
  qr: 'QR',
  seo: 'SEO',
  css: 'CSS',
  dsn: 'DSN',
  pos: 'POS',
  cod: 'COD',
}
/** Whole keys with a name of their own. */
const NAMES: Record<string, string> = { q: 'Search text', perPage: 'Rows per page', '*': 'Page address' }

/** `per_customer_limit` → 'Per customer limit', `perPage` → 'Rows per page', `lines.0.quantity` → 'Quantity (lines, item 1)'. */
export function fieldName(path: readonly PropertyKey[]): string {
  const keys = path.filter((k): k is string => typeof k === 'string')
  const last = keys.at(-1)
  if (last === undefined) return 'The request'
  const index = path.findLast((k) => typeof k === 'number')
  const name = words(last)
  if (index === undefined) return name
  const list = midSentence(words(path[path.indexOf(index) - 1] as string))
  return path.at(-1) === index ? `Item ${index + 1} of ${list}` : `${name} (${list}, item ${index + 1})`
}

/** 'Lines' → 'lines' inside a sentence; 'IDs', 'GST rate' keep their capitals. */
const midSentence = (name: string) => (/^[A-Z]{2}/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1))

function words(key: string): string {
  if (NAMES[key]) return NAMES[key]
  const parts = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase())
  const text = parts.join(' ') || key
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const EXPECTATIONS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  object: 'a group of fields',
  record: 'a group of fields',
  map: 'a group of fields',
  null: 'null',
  date: `a date like 2026-01-31`,
  nan: 'a number',
}
const expectation = (expected: string) => EXPECTATIONS[expected] ?? expected

/** What was sent instead, in a few words (nothing for text a query turned into NaN). */
function instead(input: unknown): string {
  if (input === null) return ', not null'
  if (typeof input === 'number') return Number.isNaN(input) ? '' : Number.isFinite(input) ? `, not ${input}` : ', not a number that large'
  if (typeof input === 'string') return input.length <= 20 && /^[\x20-\x7e]*$/.test(input) ? `, not the text "${input}"` : ', not text'
  if (typeof input === 'boolean') return `, not ${input}`
  if (Array.isArray(input)) return ', not a list'
  if (typeof input === 'object') return ', not a group of fields'
  return ''
}

const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v))
/** at most 12 choices, so a long list of options still reads as a sentence */
const listed = (values: readonly unknown[]) => (values.length > 12 ? `${values.slice(0, 12).map(shown).join(', ')}, …` : values.map(shown).join(', '))
const choices = (values: readonly unknown[]) => (values.length === 1 ? shown(values[0]) : `one of: ${listed(values)}`)

function tooSmall(field: string, origin: string, minimum: number | bigint, inclusive: boolean, exact: boolean): string {
  const n = Number(minimum)
  switch (origin) {
    case 'string':
      if (exact) return `${field} must be exactly ${n} characters long`
      return n <= 1 ? `${field} cannot be empty` : `${field} needs at least ${n} characters`
    case 'array':
    case 'set':
    case 'map':
      if (exact) return `${field} must have exactly ${n} items`
      return n <= 1 ? `${field} needs at least one item` : `${field} needs at least ${n} items`
    default:
      return inclusive ? `${field} must be ${n} or more` : `${field} must be more than ${n}`
  }
}

function tooBig(field: string, origin: string, maximum: number | bigint, inclusive: boolean, exact: boolean): string {
  const n = Number(maximum)
  switch (origin) {
    case 'string':
      return exact ? `${field} must be exactly ${n} characters long` : `${field} can be at most ${n} characters long`
    case 'array':
    case 'set':
    case 'map':
      return exact ? `${field} must have exactly ${n} items` : `${field} can have at most ${n} items`
    default:
      return inclusive ? `${field} must be ${n} or less` : `${field} must be less than ${n}`
  }
}

function badFormat(field: string, format: string, issue: { prefix?: string; suffix?: string; includes?: string }): string {
  switch (format) {
    case 'email':
      return `${field} must be an email address, like asha@example.com`
    case 'url':
      return `${field} must be a web address, like https://example.com`
    case 'datetime':
      return `${field} must be a date and time, like 2026-01-31T09:30:00+05:30`
    case 'date':
      return `${field} must be a date, like 2026-01-31`
    case 'time':
      return `${field} must be a time, like 09:30`
    case 'uuid':
    case 'guid':
      return `${field} must be an id like 1b4e28ba-2fa1-41d2-883f-0016d3cca427`
    case 'starts_with':
      return `${field} must start with "${issue.prefix}"`
    case 'ends_with':
      return `${field} must end with "${issue.suffix}"`
    case 'includes':
      return `${field} must include "${issue.includes}"`
    default:
      return `${field} is not written the way it should be`
  }
}

/** A union of plain types ('' or a whole number): what each of its forms expects, when every form failed on its type. */
function unionTypes(errors: readonly (readonly { code: string; path: readonly PropertyKey[]; expected?: string; values?: readonly unknown[] }[])[]) {
  const wanted: string[] = []
  for (const branch of errors) {
    const [first] = branch
    if (!first || branch.length !== 1 || first.path.length) return null
    if (first.code === 'invalid_type' && first.expected) wanted.push(expectation(first.expected))
    else if (first.code === 'invalid_value' && first.values) wanted.push(first.values.map((v) => (v === '' ? 'empty text' : shown(v))).join(' or '))
    else return null
  }
  // '' or an email address: "text" says it
  const kinds = new Set(wanted.includes('text') ? wanted.filter((w) => w !== 'empty text') : wanted)
  return kinds.size ? [...kinds].join(' or ') : null
}
