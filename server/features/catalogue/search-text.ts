const MAX_WORDS = 8

/** Shopper's words → a prefix tsquery ('basm ric' → 'basm:* & ric:*'); null when nothing searchable is left. */
export function toPrefixTsquery(q: string | undefined): { tsquery: string; text: string } | null {
  if (!q) return null
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS)
  if (words.length === 0) return null
  return { tsquery: words.map((w) => `${w}:*`).join(' & '), text: words.join(' ') }
}
