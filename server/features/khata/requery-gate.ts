/**
 * When a page polling a pending online payment may ask the provider about it: once the row is `afterMs` old, then at
 * most every `everyMs` per process. Keyed by the row's reference (unique, random), never its id: two databases'
 * rows of one id (tests, or a restore beside the live one) are never confused.
 */
export function requeryGate(afterMs: number, everyMs: number) {
  const lastAsked = new Map<string, number>()
  return (row: { status: string; createdAt: Date; reference: string }, now: number): boolean => {
    const due = row.status === 'pending' && now - row.createdAt.getTime() >= afterMs && now - (lastAsked.get(row.reference) ?? 0) >= everyMs
    if (!due) return false
    if (lastAsked.size > 5_000) lastAsked.clear()
    lastAsked.set(row.reference, now)
    return true
  }
}
