/**
 * Reading a block's stored data without zod (issue 31: the storefront's first load holds no zod). Each reader answers
 * the value when it has the wanted type and undefined otherwise; the block views turn undefined into their fallback.
 */
export type Stored = Record<string, unknown>

/** A plain object (not null, not an array), as a zod object accepts. */
export const isRecord = (value: unknown): value is Stored => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `value[key]` when `value` is a plain object. */
export const field = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined)

export const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

export const isInt = (value: unknown): value is number => Number.isInteger(value)

/** A finite number, as z.number() accepts (no NaN, no Infinity). */
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** null, undefined or a string (zod's nullish string). */
export const isNullishString = (value: unknown): value is string | null | undefined => value == null || typeof value === 'string'

/** The items of a stored list that `read` accepts (undefined: skipped); not a list: none. */
export function someOf<T>(value: unknown, read: (item: unknown) => T | undefined): T[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const read_ = read(item)
    return read_ === undefined ? [] : [read_]
  })
}

/** Every item of a list read by `read`; undefined when it is not a list or any item is not read. */
export function allOf<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined
  const items: T[] = []
  for (const item of value) {
    const read_ = read(item)
    if (read_ === undefined) return undefined
    items.push(read_)
  }
  return items
}
