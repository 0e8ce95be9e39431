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

/** Arrays longer than this are weighed by a sample of their items: a catalogue of 50,000 products in milliseconds. */
const SAMPLED_OVER = 2_000
const SAMPLE = 500
const GOLDEN = 0.618_033_988_749_895

export function approximateSize(value: unknown): number {
  const seen = new Set<object>()
  // each value with the weight it stands for: 1, or how many items one sampled item of a long array stands for
  const stack: [unknown, number][] = [[value, 1]]
  let bytes = 0
  const push = (item: unknown, weight: number) => stack.push([item, weight])
  while (stack.length > 0) {
    const [v, w] = stack.pop()!
    switch (typeof v) {
      case 'string':
        bytes += w * (HEADER + v.length * 2)
        continue
      case 'number':
      case 'bigint':
        bytes += w * SLOT
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
      bytes += w * (HEADER + o.byteLength)
    } else if (o instanceof ArrayBuffer) {
      bytes += w * (HEADER + o.byteLength)
    } else if (o instanceof Map) {
      bytes += w * (HEADER + o.size * SLOT * 3)
      for (const [k, item] of o) push(k, w), push(item, w)
    } else if (o instanceof Set) {
      bytes += w * (HEADER + o.size * SLOT * 2)
      for (const item of o) push(item, w)
    } else if (Array.isArray(o)) {
      bytes += w * (HEADER + o.length * SLOT)
      if (o.length <= SAMPLED_OVER) for (const item of o) push(item, w)
      // spread by the golden ratio: evenly over the array, and never in step with a pattern that repeats in it
      else for (let i = 0; i < SAMPLE; i++) push(o[Math.floor(((i * GOLDEN) % 1) * o.length)], (w * o.length) / SAMPLE)
    } else if (o instanceof Date) {
      bytes += w * (HEADER + SLOT)
    } else {
      const keys = Object.keys(o)
      bytes += w * (HEADER + keys.length * SLOT)
      for (const k of keys) push((o as Record<string, unknown>)[k], w)
    }
  }
  return Math.round(bytes)
}
