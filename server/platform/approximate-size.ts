/**
 * About how many bytes of heap a value holds: what a cache's byte budget counts (issue 30). V8's layout is not
 * visible from JavaScript, so this is an estimate in its terms: a string 2 bytes a character (a one-byte string is
 * charged as two-byte, on the safe side), a number 8, a buffer its length, an object or array a header plus a slot per
 * property and what each holds. A value reached twice (shared, or a cycle) is counted once.
 */
const HEADER = 16
const SLOT = 8

const elsewhere = new WeakSet<object>()

/**
 * Marks a value that one cache entry holds and is charged for (a website's catalogue read model, a stock snapshot):
 * other entries that only point at it (answers and pages kept while it is the current one) are not charged for it
 * again. Without this every kept answer would weigh the whole catalogue, cost a walk of it to weigh, and be too big
 * to keep.
 */
export function countedElsewhere<T extends object>(value: T): T {
  elsewhere.add(value)
  return value
}

export function approximateSize(value: unknown): number {
  const seen = new Set<object>()
  const stack: unknown[] = [value]
  let bytes = 0
  while (stack.length > 0) {
    const v = stack.pop()
    switch (typeof v) {
      case 'string':
        bytes += HEADER + v.length * 2
        continue
      case 'number':
      case 'bigint':
        bytes += SLOT
        continue
      case 'boolean':
      case 'undefined':
      case 'symbol':
      case 'function':
        continue
    }
    if (v === null || seen.has(v as object) || (v !== value && elsewhere.has(v as object))) continue
    const o = v as object
    seen.add(o)
    if (ArrayBuffer.isView(o)) {
      bytes += HEADER + o.byteLength
    } else if (o instanceof ArrayBuffer) {
      bytes += HEADER + o.byteLength
    } else if (o instanceof Map) {
      bytes += HEADER + o.size * SLOT * 3
      for (const [k, item] of o) stack.push(k, item)
    } else if (o instanceof Set) {
      bytes += HEADER + o.size * SLOT * 2
      for (const item of o) stack.push(item)
    } else if (Array.isArray(o)) {
      bytes += HEADER + o.length * SLOT
      for (const item of o) stack.push(item)
    } else if (o instanceof Date) {
      bytes += HEADER + SLOT
    } else {
      const keys = Object.keys(o)
      bytes += HEADER + keys.length * SLOT
      for (const k of keys) stack.push((o as Record<string, unknown>)[k])
    }
  }
  return bytes
}
