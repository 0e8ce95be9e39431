/**
 * Spec §2: a search lands on /products?q={trimmed text}. The search box is a plain GET form so it works before
 * the page's script has arrived; what the browser then sends untrimmed (`?q=++basmati++`, or an empty `?q=`) is
 * sent on to the address the script would have gone to. Null when `url` is already that address.
 */
export function trimmedSearchUrl(url: string): string | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const q = searchParams.get('q')
  if (pathname !== '/products' || q === null) return null
  const trimmed = q.trim()
  if (trimmed === q && trimmed !== '') return null
  if (trimmed) searchParams.set('q', trimmed)
  else searchParams.delete('q')
  // URLSearchParams writes a space as '+'; the script (encodeURIComponent) writes %20.
  const search = searchParams.toString().replace(/\+/g, '%20')
  return search ? `${pathname}?${search}` : pathname
}
