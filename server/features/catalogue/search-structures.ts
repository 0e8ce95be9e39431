import { normaliseName } from './search-words'

/** The search index's data structures, apart from its rules (search-index.ts). */

/** The first `want` of `ids` in order, through a bounded heap (worst on top): O(n log want), no sort of every match. */
export function firstInOrder(ids: Int32Array, want: number, before: (a: number, b: number) => boolean): number[] {
  const heap: number[] = []
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(heap[parent]!, heap[i]!)) break
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < heap.length && before(heap[m]!, heap[l]!)) m = l
      if (r < heap.length && before(heap[m]!, heap[r]!)) m = r
      if (m === i) return
      ;[heap[i], heap[m]] = [heap[m]!, heap[i]!]
      i = m
    }
  }
  for (let k = 0; k < ids.length; k++) {
    const d = ids[k]!
    if (heap.length < want) {
      heap.push(d)
      up(heap.length - 1)
    } else if (before(d, heap[0]!)) {
      heap[0] = d
      down(0)
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : 1))
}

export function lowerBound(sorted: string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Names (categories or brands) by where their words start: the first three, in the list's order, whose name has a
 * word starting with a text ('masala' → 'Masala & Spices', 'Garam Masala'), found by binary search.
 */
export class WordStarts<T extends { name: string }> {
  /** every name from each of its words on ('garam masala', 'masala'), sorted, with the index of its taxon */
  private readonly starts: string[] = []
  private readonly owners: number[] = []
  constructor(private readonly list: T[]) {
    const entries: [string, number][] = []
    list.forEach((t, i) => {
      const name = normaliseName(t.name)
      for (let at = 0; at >= 0 && at < name.length; at = name.indexOf(' ', at) + 1 || -1) entries.push([name.slice(at), i])
    })
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
    for (const [start, i] of entries) {
      this.starts.push(start)
      this.owners.push(i)
    }
  }

  named(text: string): T[] {
    if (text.length === 0) return []
    const found = new Set<number>()
    for (let k = lowerBound(this.starts, text); k < this.starts.length && this.starts[k]!.startsWith(text); k++) found.add(this.owners[k]!)
    return [...found]
      .sort((a, b) => a - b)
      .slice(0, 3)
      .map((i) => this.list[i]!)
  }
}

/** Document numbers touched by a query, in a buffer kept between queries (no garbage per query). */
export class Touched {
  readonly items: Int32Array
  length = 0
  constructor(size: number) {
    this.items = new Int32Array(size)
  }
  push(doc: number) {
    this.items[this.length++] = doc
  }
}
